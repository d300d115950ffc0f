import { readFile } from "node:fs/promises"
import { CliError } from "./output"

const readStdin = async (): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * A command's text input from a file, or from stdin when `file` is "-": every byte as it is (a final newline
 * included), decoded as UTF-8. An unreadable file is a runtime error naming it.
 */
export const readInput = async (file: string, what: string): Promise<string> => {
  const bytes =
    file === "-"
      ? await readStdin()
      : await readFile(file).catch((error: Error) => {
          throw new CliError(`Cannot read ${what} from ${file}: ${error.message}`, { code: "UnreadableFile" })
        })
  return new TextDecoder().decode(bytes)
}

/** An argument that may be `-` for stdin (a PSBT, a signature, a message), trimmed. */
export const argumentOrStdin = async (value: string): Promise<string> =>
  (value === "-" ? new TextDecoder().decode(await readStdin()) : value).trim()
