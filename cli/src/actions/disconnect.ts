import { CliError, note, printJson, printLine } from "../output"
import { clearConnection, readConnection, type StoredConnection } from "../session"
import { endWalletConnectSession } from "../walletSession"

/**
 * `appkit-cli disconnect`: ends the WalletConnect session (telling the wallet, when the relay is reachable)
 * and forgets the stored connection either way.
 */
export const disconnectAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  let connection: StoredConnection | undefined
  try {
    connection = readConnection()
  } catch (error) {
    // Already removed as unreadable: there is nothing left to end.
    if (!(error instanceof CliError)) throw error
    note(error.message)
  }
  let walletNotified = false
  if (connection?.kind === "walletconnect") {
    walletNotified = await endWalletConnectSession(connection)
  }
  clearConnection()
  if (options.json)
    printJson({ disconnected: connection !== undefined, kind: connection?.kind ?? null, walletNotified })
  else if (connection === undefined) printLine("Not connected")
  else printLine(`Disconnected ${connection.address}${walletNotified ? " (the wallet was told)" : ""}`)
}
