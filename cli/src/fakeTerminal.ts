import { PassThrough } from "node:stream"
import { askHidden, readLine, type Terminal } from "./prompt"

/**
 * Test support: a stand-in for a terminal in raw mode. Raw-mode switches are recorded, `type` sends keys as
 * a user presses them (Ctrl-C arrives as "\u0003", not as a signal), and what the prompt shows is kept.
 */
export const fakeRawTerminal = () => {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    raw: [] as Array<boolean>,
    setRawMode(mode: boolean) {
      this.raw.push(mode)
      return this
    },
  })
  const output = new PassThrough()
  let shown = ""
  output.on("data", (chunk: Buffer) => (shown += chunk.toString()))
  return { input, output, shown: () => shown, type: (keys: string) => input.write(keys) }
}

export type FakeRawTerminal = ReturnType<typeof fakeRawTerminal>

/** A `Terminal` whose prompts run the real `askHidden` and `readLine` over `raw`. */
export const terminalOver = (raw: FakeRawTerminal, interactive = true): Terminal => ({
  interactive,
  askHidden: (question, whenCancelled, signal) =>
    askHidden(question, whenCancelled, { input: raw.input, output: raw.output, signal }),
  readLine: (question, nothingGiven, signal) =>
    readLine(question, nothingGiven, { input: raw.input, output: raw.output, signal }),
})
