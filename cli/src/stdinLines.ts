/** Resolves once stdout can take more (or has failed: the failure itself is handled by the caller). */
const stdoutReady = (): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      process.stdout.off("drain", done)
      process.stdout.off("error", done)
      resolve()
    }
    process.stdout.once("drain", done)
    process.stdout.once("error", done)
  })

/**
 * Answers stdin line by line, as a toolbox command does for a piped list: `answer` turns each line into the
 * text written for it (its line breaks included), written as soon as it is known. Waiting for stdout's drain
 * keeps memory flat on a huge input; a reader that goes away (`| head`) simply ends the run, as with any Unix
 * tool. A line ends at \n, \r\n or a lone \r (never part of the input); a last line without one is a line too.
 */
export const answerStdinLines = async (answer: (line: string, index: number) => string): Promise<void> => {
  const { createInterface } = await import("node:readline")
  // crlfDelay: a \r\n split across chunks is still one line break, never a line break and an empty line.
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  let writeFailure: NodeJS.ErrnoException | undefined
  const stop = (error: NodeJS.ErrnoException) => {
    writeFailure = error
    lines.close()
  }
  process.stdout.on("error", stop)
  let index = 0
  try {
    for await (const line of lines) {
      if (!process.stdout.write(answer(line, index++))) await stdoutReady()
      if (writeFailure) break
    }
  } finally {
    process.stdout.off("error", stop)
  }
  if (writeFailure && writeFailure.code !== "EPIPE") throw writeFailure
}
