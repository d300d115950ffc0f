import { Logger } from "effect"

/** Test support: collects every log line an effect writes (its message parts), through a Logger layer. */
export const captureLogs = () => {
  const lines: Array<ReadonlyArray<unknown>> = []
  return {
    lines,
    /** Provide it to the effect under test: it replaces the default logger. */
    layer: Logger.layer([
      Logger.make(({ message }) => {
        lines.push(Array.isArray(message) ? message : [message])
      }),
    ]),
    /** The first part of each line: the fixed text, without the values logged next to it. */
    texts: () => lines.map((line) => String(line[0])),
  }
}
