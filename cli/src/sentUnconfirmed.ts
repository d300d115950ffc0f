import { CliError, describeError, errorCode } from "./output"

/**
 * The wait for a transaction's outcome failed (the node stopped answering, the confirmation timeout passed)
 * after the network took the transaction: it may still land. The one error line names it and says so —
 * under --json nothing was printed before — so the user looks it up instead of sending again.
 */
export const sentButUnconfirmed = (id: string, error: unknown): CliError => {
  const reason = describeError(error)
  const sent = reason.includes(id) ? "It was sent" : `Transaction ${id} was sent`
  return new CliError(`${reason}. ${sent} and may still land: look it up by its id before sending again`, {
    code: errorCode(error),
  })
}
