import { lineQuestion, type Terminal } from "./prompt"

/** What `connect --email` says when the user gives up at the code prompt (Ctrl-C or Ctrl-D): exit 2. */
export const otpCancelled = "No code given: the code prompt was cancelled"

/** What it says when stdin, not a terminal, ends without a line: exit 2, `NoInput`. */
export const otpNotGiven =
  "No code given: type it on a terminal, pipe it on stdin, or use --dev-otp against the dev stack"

/**
 * Asks for the code the secure site mailed to `email`: hidden on a terminal, else one line of stdin (for
 * scripts; a --json run's is read without a prompt, its output being JSON only). `signal` is the --timeout.
 */
export const askOtp = (
  email: string,
  terminal: Terminal,
  json: boolean,
  signal?: AbortSignal,
): Promise<string> => {
  const question = `Code mailed to ${email}: `
  return terminal.interactive
    ? terminal.askHidden(question, otpCancelled, signal)
    : terminal.readLine(lineQuestion(question, terminal, json), otpNotGiven, signal)
}
