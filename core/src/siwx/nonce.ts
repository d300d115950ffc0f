const nonceAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/** 16 random alphanumerics (~95 bits) from the platform CSPRNG, well above EIP-4361's minimum of 8. */
export const generateSiweNonce = (): string =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(16)),
    (byte) => nonceAlphabet[byte % nonceAlphabet.length],
  ).join("")
