import type { Writable } from "node:stream"

/**
 * Ends the process once what was written to each stream has left it. `process.exit()` drops writes still
 * queued for a pipe whose reader is behind (stdout and stderr are asynchronous for pipes on Linux), which
 * cut the tail off long outputs such as `address validate --stdin`. A stream that has failed or closed
 * (`| head -1` going away) has nothing more to deliver, so it does not hold the exit.
 */
export const exitWhenWritten = async (streams: ReadonlyArray<Writable>, exit: () => void): Promise<void> => {
  await Promise.all(
    streams.map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.writableLength === 0 || stream.destroyed || !stream.writable) return resolve()
          // Writes are delivered in order: the callback of an empty write runs once every earlier one has.
          stream.write("", () => resolve())
        }),
    ),
  )
  exit()
}
