import type { Command } from "commander"
import { printJson, printLine } from "../output"

/**
 * `appkit-cli disconnect`: ends the WalletConnect session (telling the wallet, when the relay is reachable)
 * and forgets the stored connection either way.
 */
const disconnectAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  const session = await import("../session")
  const connection = session.readConnection()
  let walletNotified = false
  if (connection?.kind === "walletconnect") {
    walletNotified = await session.endWalletConnectSession(connection)
    session.exitWhenDone()
  }
  session.clearConnection()
  if (options.json)
    printJson({ disconnected: connection !== undefined, kind: connection?.kind, walletNotified })
  else if (connection === undefined) printLine("Not connected")
  else printLine(`Disconnected ${connection.address}${walletNotified ? " (the wallet was told)" : ""}`)
}

export const register = (program: Command): void => {
  program
    .command("disconnect")
    .description("End the WalletConnect session (or forget the local signer) and clear the stored connection")
    .option("--json", "print one JSON object {disconnected, kind, walletNotified}")
    .action(disconnectAction)
}
