import { CliError } from "./output"

/** The terminal a hidden prompt reads from: stdin in raw mode, so typed characters are never echoed. */
export interface PromptInput extends NodeJS.ReadableStream {
  readonly isTTY?: boolean
  setRawMode(mode: boolean): unknown
}

/**
 * Asks for a secret on a terminal, as `cast` does for keystores: nothing typed is echoed, backspace works,
 * Enter ends it, Ctrl-C or Ctrl-D gives up, and so does `signal` (a --timeout). The terminal is restored
 * either way.
 */
export const askHidden = (
  question: string,
  input: PromptInput = process.stdin as unknown as PromptInput,
  output: NodeJS.WritableStream = process.stderr,
  signal?: AbortSignal,
): Promise<string> =>
  new Promise((resolve, reject) => {
    let answer = ""
    const finish = () => {
      signal?.removeEventListener("abort", onAbort)
      input.off("data", onData)
      input.setRawMode(false)
      input.pause()
      output.write("\n")
    }
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === "\r" || char === "\n") {
          finish()
          return resolve(answer)
        }
        if (char === "\u0003" || char === "\u0004") {
          finish()
          return reject(new CliError("No password given"))
        }
        answer = char === "\u007f" || char === "\b" ? answer.slice(0, -1) : answer + char
      }
    }
    const onAbort = () => {
      finish()
      reject(signal?.reason)
    }
    output.write(question)
    signal?.addEventListener("abort", onAbort, { once: true })
    input.setRawMode(true)
    input.on("data", onData)
    input.resume()
  })

/** Whether the user can be asked: stdin and stderr are both a terminal. */
export interface Terminal {
  readonly interactive: boolean
  readonly askHidden: (question: string, signal?: AbortSignal) => Promise<string>
}

export const processTerminal: Terminal = {
  get interactive() {
    return process.stdin.isTTY === true && process.stderr.isTTY === true
  },
  askHidden: (question, signal) => askHidden(question, undefined, undefined, signal),
}
