import { readFile } from "node:fs/promises"
import { readInputBytes, unreadableFile } from "./input"

/**
 * A PSBT as users hold one: base64 (Bitcoin Core's RPCs), hex (many libraries and explorers), or the binary
 * file BIP-174 defines (what wallets save as `.psbt`); given as the argument itself, as a file path, or as
 * `-` for stdin. The bytes go to core's decoder, which says what is wrong with them.
 */

/** BIP-174's magic bytes, "psbt" 0xff: a binary PSBT starts with them, its text forms never do. */
const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff]

/** Errors that say the argument names no file: then it is the PSBT's own text. */
const notAFile = new Set(["ENOENT", "ENAMETOOLONG", "ENOTDIR"])

/** The reason shown when the input is a PSBT in none of its forms. */
export const notAPsbt = "not a PSBT: expected base64, hex or a .psbt file"

const bytesOf = (content: Uint8Array, textBytes: (text: string) => Uint8Array | undefined) =>
  MAGIC.every((byte, index) => content[index] === byte)
    ? content
    : textBytes(new TextDecoder().decode(content))

/** The file `path` names, or undefined when it names none; a file that is there but unreadable is an error. */
const fileNamed = (path: string): Promise<Uint8Array | undefined> =>
  readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (notAFile.has(error.code ?? "")) return undefined
    throw unreadableFile(path, "the PSBT", error)
  })

/** The PSBT's bytes from `source` (its text, a file path, or `-` for stdin); undefined when it is no PSBT form. */
export const readPsbtBytes = async (source: string): Promise<Uint8Array | undefined> => {
  // The text forms are core's rule (base64 or hex, white space ignored); this module only finds the bytes.
  const { psbtTextBytes } = await import("@appkit/core/bitcoin/tools")
  if (source === "-") return bytesOf(await readInputBytes("-", "the PSBT"), psbtTextBytes)
  const file = await fileNamed(source)
  return file === undefined ? psbtTextBytes(source) : bytesOf(file, psbtTextBytes)
}
