/** The EIP-1193 surface a browser wallet exposes (window.ethereum or an EIP-6963 announcement). */
export interface Eip1193Provider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly on?: ((event: string, listener: (...args: Array<unknown>) => void) => unknown) | undefined
  readonly removeListener?:
    | ((event: string, listener: (...args: Array<unknown>) => void) => unknown)
    | undefined
}

export const isEip1193Provider = (value: unknown): value is Eip1193Provider =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { request?: unknown }).request === "function"

/**
 * A chain id as wallets send it: EIP-1193 says a 0x hex string, but older wallets send decimal strings or
 * numbers. Anything else is undefined, so a garbled event is dropped instead of producing "eip155:NaN".
 */
export const parseWalletChainId = (value: unknown): number | undefined => {
  // (Number reads both spellings: "0x2105" and "8453")
  const parsed =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^(0x[0-9a-fA-F]{1,14}|\d{1,16})$/.test(value)
        ? Number(value)
        : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}
