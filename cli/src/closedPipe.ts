import type { Writable } from "node:stream"

/**
 * Lets a command run to its end when the reader of its output has gone (`appkit-cli … | head -1`): the
 * failed write's EPIPE is what the reader asked for, so the command ends quietly with its own exit code, as
 * `git log | head` does, rather than on Node's "Unhandled 'error' event". Every other stream error still
 * surfaces.
 */
export const endQuietlyOnClosedPipe = (streams: ReadonlyArray<Writable>): void => {
  for (const stream of streams)
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error
    })
}
