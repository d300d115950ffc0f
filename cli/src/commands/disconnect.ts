import type { Command } from "commander"
import { printJson, printLine } from "../output"

/** How long `disconnect` waits for the relay to carry the goodbye to the wallet before forgetting anyway. */
const notifyTimeoutMs = 5_000

/**
 * `appkit-cli disconnect`: ends the WalletConnect session (telling the wallet, when the relay is reachable)
 * and forgets the stored connection either way.
 */
const disconnectAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  const [{ Duration, Effect, Option }, session] = await Promise.all([import("effect"), import("../session")])
  const connection = session.readConnection()
  let walletNotified = false
  if (connection?.kind === "walletconnect") {
    const chains = [
      ...new Set(connection.accounts.map((account) => account.split(":").slice(0, 2).join(":"))),
    ]
    const { connector, close } = await session.openWalletConnect({ ...connection, chains })
    walletNotified = await Effect.runPromise(
      Effect.gen(function* () {
        if (Option.isNone(yield* connector.restore)) return false
        yield* connector.disconnect()
        return true
      }).pipe(
        Effect.timeout(Duration.millis(notifyTimeoutMs)),
        Effect.orElseSucceed(() => false),
      ),
    ).finally(close)
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
