import { readFile } from "node:fs/promises"
import { readInputBytes, unreadableFile } from "./input"

/**
 * A PSBT as users hold one: base64 (Bitcoin Core's RPCs), hex (many libraries and explorers), or the binary
 * file BIP-174 defines (what wallets save as `.psbt`); given as the argument itself, as a file path, or as
 * `-` for stdin. The bytes go to core's decoder, which says what is wrong with them.
 */

/** BIP-174's magic bytes, "psbt" 0xff: a binary PSBT starts with them, its text forms never do. */
const MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff]

const hexPattern = /^(?:[0-9a-f]{2})+$/i
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Errors that say the argument names no file: then it is the PSBT's own text. */
const notAFile = new Set(["ENOENT", "ENAMETOOLONG", "ENOTDIR"])

/** The reason shown when the input is a PSBT in none of its forms. */
export const notAPsbt = "not a PSBT: expected base64, hex or a .psbt file"

/**
 * The bytes a PSBT's text spells, or undefined when it is neither hex nor base64. A base64 PSBT starts
 * "cHNidP8", which is not hex, so the two never overlap on a PSBT. White space means nothing in either:
 * `base64 FILE` and `xxd -p FILE` break their output into lines.
 */
const bytesOfText = (text: string): Uint8Array | undefined => {
  const compact = text.replace(/\s+/g, "")
  if (hexPattern.test(compact)) return Buffer.from(compact, "hex")
  if (compact !== "" && base64Pattern.test(compact)) return Buffer.from(compact, "base64")
  return undefined
}

const bytesOf = (content: Uint8Array): Uint8Array | undefined =>
  MAGIC.every((byte, index) => content[index] === byte)
    ? content
    : bytesOfText(new TextDecoder().decode(content))

/** The file `path` names, or undefined when it names none; a file that is there but unreadable is an error. */
const fileNamed = (path: string): Promise<Uint8Array | undefined> =>
  readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (notAFile.has(error.code ?? "")) return undefined
    throw unreadableFile(path, "the PSBT", error)
  })

/** The PSBT's bytes from `source` (its text, a file path, or `-` for stdin); undefined when it is no PSBT form. */
export const readPsbtBytes = async (source: string): Promise<Uint8Array | undefined> => {
  if (source === "-") return bytesOf(await readInputBytes("-", "the PSBT"))
  const file = await fileNamed(source)
  return file === undefined ? bytesOfText(source) : bytesOf(file)
}
