import { createInterface } from "node:readline"
import { CliError } from "./output"

/** The terminal a hidden prompt reads from: stdin in raw mode, so typed characters are never echoed. */
export interface PromptInput extends NodeJS.ReadableStream {
  readonly isTTY?: boolean
  setRawMode(mode: boolean): unknown
}

/**
 * The user gave up at a prompt (Ctrl-C or Ctrl-D): exit 2, `PromptCancelled` under --json. `message` is the
 * asking command's own words for what was not given ("No password given", "No code given …").
 */
export const promptCancelled = (message: string): CliError =>
  new CliError(message, { code: "PromptCancelled" })

/** Where a prompt reads and writes (the process's stdin and stderr unless a test says), and what ends it. */
export interface PromptStreams {
  readonly input?: PromptInput
  readonly output?: NodeJS.WritableStream
  /** Aborts the question (a --timeout); the prompt then fails with the signal's reason. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Asks for a secret on a terminal, as `cast` does for keystores: nothing typed is echoed, backspace works,
 * Enter ends it, Ctrl-C or Ctrl-D gives up (`promptCancelled(whenCancelled)`: raw mode delivers them as
 * characters, not signals), and so does the signal. The terminal is restored either way.
 */
export const askHidden = (
  question: string,
  whenCancelled: string,
  { input = process.stdin as unknown as PromptInput, output = process.stderr, signal }: PromptStreams = {},
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
          return reject(promptCancelled(whenCancelled))
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

/**
 * One line from stdin (a pasted address, a code piped in by a script): visible, since the terminal case of a
 * secret goes through `askHidden`. Ends with `NoInput` (`nothingGiven`) when stdin closes first, and stops
 * reading on the signal. Piped, nothing echoes the answer, so the prompt's line is ended here: what is said
 * next (the verdict, the result on stdout, shown together on a terminal) has a line of its own. An empty
 * question shows nothing at all.
 */
export const readLine = (
  question: string,
  nothingGiven: string,
  {
    input = process.stdin,
    output = process.stderr,
    signal,
  }: Omit<PromptStreams, "input"> & { readonly input?: NodeJS.ReadableStream } = {},
): Promise<string> =>
  new Promise((resolve, reject) => {
    const lines = createInterface({ input, output, terminal: false })
    const asked = question !== ""
    if (asked) output.write(question)
    let answered = false
    lines.once("line", (line) => {
      answered = true
      // A terminal echoed the line and its Enter; nothing else did.
      if (asked && (input as { readonly isTTY?: boolean }).isTTY !== true) output.write("\n")
      resolve(line.trim())
      lines.close()
    })
    lines.once("close", () => {
      if (answered) return
      // Ends the question's line, so the message of why nothing came stands on its own.
      if (asked) output.write("\n")
      reject(new CliError(nothingGiven, { code: "NoInput" }))
    })
    signal?.addEventListener("abort", () => lines.close(), { once: true })
  })

/**
 * The question a line of stdin is asked with: none under --json when no one is at a terminal to read it (a
 * script pipes the answer, and the run's output is JSON only); the question as it is otherwise.
 */
export const lineQuestion = (question: string, terminal: Terminal, json: boolean): string =>
  json && !terminal.interactive ? "" : question

/** How a command asks its user: hidden on a terminal, else a line of stdin. */
export interface Terminal {
  /** Whether the user can be asked on a terminal: stdin and stderr are both one. */
  readonly interactive: boolean
  readonly askHidden: (question: string, whenCancelled: string, signal?: AbortSignal) => Promise<string>
  readonly readLine: (question: string, nothingGiven: string, signal?: AbortSignal) => Promise<string>
}

export const processTerminal: Terminal = {
  get interactive() {
    return process.stdin.isTTY === true && process.stderr.isTTY === true
  },
  askHidden: (question, whenCancelled, signal) => askHidden(question, whenCancelled, { signal }),
  readLine: (question, nothingGiven, signal) => readLine(question, nothingGiven, { signal }),
}
