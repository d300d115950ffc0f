import { oneLine } from "./output"

/**
 * A one-line spinner on stderr while a command waits on the network. Only for people watching a
 * terminal: never when stdout is piped or --json is set, so machine output stays clean.
 */
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
const FRAME_MS = 80

export const withSpinner = async <A>(label: string, enabled: boolean, task: () => Promise<A>): Promise<A> => {
  if (!enabled || !process.stdout.isTTY || !process.stderr.isTTY) return task()
  let frame = 0
  // The label may name a wallet as the wallet named itself: shown, never obeyed, and on the spinner's line.
  const shown = oneLine(label)
  const draw = () => process.stderr.write(`\r${FRAMES[frame++ % FRAMES.length]} ${shown}`)
  draw()
  const timer = setInterval(draw, FRAME_MS)
  timer.unref()
  try {
    return await task()
  } finally {
    clearInterval(timer)
    process.stderr.write("\r\x1b[2K")
  }
}
