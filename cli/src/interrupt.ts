import { exitWhenWritten } from "./exitWhenWritten"
import { CliError, reportError } from "./output"

/** What shells expect of a command the user interrupted (128 + SIGINT). */
const interruptedExitCode = 130

/**
 * Runs `wait` with Ctrl-C (SIGINT) answered by one error line (code `Interrupted`) saying what the
 * interrupted wait leaves behind — a transaction that may land — and exit 130, instead of the silent end of
 * a killed process. Outside `wait`, SIGINT is what it was.
 */
export const interruptible = async <A>(leftBehind: () => string, wait: () => Promise<A>): Promise<A> => {
  const onInterrupt = () => {
    reportError(new CliError(`Interrupted. ${leftBehind()}`, { code: "Interrupted" }))
    process.exitCode = interruptedExitCode
    void exitWhenWritten([process.stdout, process.stderr], () => process.exit())
  }
  process.once("SIGINT", onInterrupt)
  try {
    return await wait()
  } finally {
    process.off("SIGINT", onInterrupt)
  }
}
