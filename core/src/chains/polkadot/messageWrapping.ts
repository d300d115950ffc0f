const utf8 = new TextEncoder()
const prefix = utf8.encode("<Bytes>")
const suffix = utf8.encode("</Bytes>")

const startsWith = (bytes: Uint8Array, part: Uint8Array, at: number) =>
  part.every((byte, index) => bytes[at + index] === byte)

/** Whether `bytes` already reads `<Bytes>…</Bytes>`. */
export const isWrappedPolkadotMessage = (bytes: Uint8Array): boolean =>
  bytes.length >= prefix.length + suffix.length &&
  startsWith(bytes, prefix, 0) &&
  startsWith(bytes, suffix, bytes.length - suffix.length)

/**
 * The bytes a Polkadot wallet signs for a message: `<Bytes>` + message + `</Bytes>`, as polkadot.js
 * `signRaw` does, so a signed message can never also be a valid extrinsic payload. Wrapping is
 * idempotent: already wrapped bytes come back as they are. Strings are taken as UTF-8.
 */
export const wrapPolkadotMessage = (message: string | Uint8Array): Uint8Array => {
  const bytes = typeof message === "string" ? utf8.encode(message) : message
  if (isWrappedPolkadotMessage(bytes)) return bytes
  const wrapped = new Uint8Array(prefix.length + bytes.length + suffix.length)
  wrapped.set(prefix)
  wrapped.set(bytes, prefix.length)
  wrapped.set(suffix, prefix.length + bytes.length)
  return wrapped
}
