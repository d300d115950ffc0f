import type { Command } from "commander"
import { ExitCode, printJson, printLine } from "../output"

/**
 * `appkit-cli status`: the stored connection as the last `connect` left it. Exit 0 when connected, 1 when
 * not (or when the WalletConnect session's expiry has passed), so scripts can test it.
 */
const statusAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  const { readConnection } = await import("../session")
  const connection = readConnection()
  const expired = connection?.kind === "walletconnect" && connection.expiry * 1000 <= Date.now()
  const connected = connection !== undefined && !expired
  if (!connected) process.exitCode = ExitCode.invalid
  if (options.json) {
    printJson({ connected, ...(expired ? { expired } : {}), ...connection })
    return
  }
  if (connection === undefined) printLine("Not connected")
  else if (connection.kind === "walletconnect")
    printLine(
      `${expired ? "Expired" : "Connected"}: ${connection.address} on ${connection.chainId} through ${connection.walletName ?? "a WalletConnect wallet"} (WalletConnect, session until ${new Date(connection.expiry * 1000).toISOString()})`,
    )
  else printLine(`Connected: ${connection.address} (local signer, ${connection.kind})`)
}

export const register = (program: Command): void => {
  program
    .command("status")
    .description("Show the stored connection (exit 0 connected, 1 not connected)")
    .option("--json", "print one JSON object {connected, kind, address, chainId, ...}")
    .action(statusAction)
}
