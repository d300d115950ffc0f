import { printJson, printLine } from "../output"
import { clearConnection, readConnectionOrNone } from "../session"
import { endWalletConnectSession } from "../walletSession"

/**
 * `appkit-cli disconnect`: ends the WalletConnect session (telling the wallet, when the relay is reachable)
 * and forgets the stored connection either way.
 */
export const disconnectAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  const connection = readConnectionOrNone()
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
