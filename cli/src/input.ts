import { readFile } from "node:fs/promises"
import { CliError } from "./output"

const readStdin = async (): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * A command's input from a file, or from stdin when `file` is "-": every byte as it is (a final newline
 * included). An unreadable file is a runtime error naming it.
 */
export const readInputBytes = async (file: string, what: string): Promise<Buffer> =>
  file === "-"
    ? readStdin()
    : readFile(file).catch((error: Error) => {
        throw unreadableFile(file, what, error)
      })

/** A file that is there but cannot be read: a runtime error (exit 2) naming it. */
export const unreadableFile = (file: string, what: string, error: Error): CliError =>
  new CliError(`Cannot read ${what} from ${file}: ${error.message}`, { code: "UnreadableFile" })

/** `readInputBytes` decoded as UTF-8. */
export const readInput = async (file: string, what: string): Promise<string> =>
  new TextDecoder().decode(await readInputBytes(file, what))

/**
 * The message `sign message` signs: TEXT, or stdin for "-". Nothing to sign (empty, or only line breaks, which
 * is what `echo |` or a file saved with one empty line holds) is refused (exit 2) before any wallet is asked;
 * any other text, a lone space included, is signed as it is.
 */
export const readMessage = async (text: string): Promise<string> => {
  const message = text === "-" ? await readInput("-", "the message") : text
  if (/^[\r\n]*$/.test(message))
    throw new CliError(
      "Nothing to sign: the message is empty. Give the text to sign, or - to read it from stdin",
      { code: "EmptyMessage" },
    )
  return message
}
