import { type CaipAccountId, namespaceOf } from "@appkit/core"
import { CliError, ExitCode, printJson, printLine } from "../output"
import { readConnection, type StoredConnection, walletConnectStoreFile } from "../session"
import { checkStoredSession, sessionNotStored } from "../walletSession"

/**
 * `appkit-cli status`. A WalletConnect session is first checked with the relay, which kept what the wallet
 * did while no CLI process ran (another account picked, the session ended): the answer is the session as
 * it now is, and says when the relay could not be asked. Exit 0 when connected, 1 when not.
 */
const storedOrNone = (): StoredConnection | undefined => {
  try {
    return readConnection()
  } catch (error) {
    // Unreadable state means not connected: the one line says why, with the "not connected" exit code.
    if (error instanceof CliError)
      throw new CliError(error.message, { exitCode: ExitCode.invalid, code: error.code })
    throw error
  }
}

const until = (expiry: number) => new Date(expiry * 1000).toISOString()

/** The session's accounts by namespace (eip155, solana, polkadot, cosmos, …), in the order the wallet gave them. */
const byNamespace = (
  accounts: ReadonlyArray<CaipAccountId>,
): Record<string, ReadonlyArray<CaipAccountId>> => {
  const grouped: Record<string, ReadonlyArray<CaipAccountId>> = {}
  for (const account of accounts) {
    const namespace = namespaceOf(account)
    grouped[namespace] = [...(grouped[namespace] ?? []), account]
  }
  return grouped
}

export const statusAction = async (options: { readonly json?: boolean | undefined }): Promise<void> => {
  const stored = storedOrNone()
  if (stored === undefined) {
    process.exitCode = ExitCode.invalid
    return options.json ? printJson({ connected: false }) : printLine("Not connected")
  }
  if (stored.kind !== "walletconnect") {
    if (options.json) return printJson({ connected: true, checked: true, ...stored })
    return printLine(
      stored.kind === "embedded"
        ? `Connected: ${stored.address} (embedded wallet, ${stored.email ?? stored.socialProvider ?? stored.secureSiteUrl})`
        : `Connected: ${stored.address} (local signer, ${stored.kind})`,
    )
  }
  if (stored.expiry * 1000 <= Date.now()) {
    process.exitCode = ExitCode.invalid
    if (options.json) return printJson({ connected: false, expired: true, ...stored })
    return printLine(
      `Expired: the WalletConnect session with ${stored.walletName} ended ${until(stored.expiry)}`,
    )
  }
  const checked = await checkStoredSession(stored)
  if (checked.state === "live") await checked.opened.close()
  const walletName = stored.walletName ?? "the wallet"
  if (checked.state === "ended" && !checked.endedByWallet) {
    process.exitCode = ExitCode.invalid
    if (options.json)
      return printJson({
        connected: false,
        endedByWallet: false,
        walletName,
        storeFile: walletConnectStoreFile(),
      })
    return printLine(sessionNotStored(stored).message)
  }
  if (checked.state === "ended") {
    process.exitCode = ExitCode.invalid
    if (options.json) return printJson({ connected: false, checked: true, endedByWallet: true, walletName })
    return printLine(
      `Not connected: ${walletName} ended the WalletConnect session (the relay said so just now)`,
    )
  }
  const now = checked.stored
  if (options.json)
    return printJson({
      connected: true,
      checked: checked.synced,
      changed: checked.changed,
      ...now,
      namespaces: byNamespace(now.accounts),
    })
  printLine(
    `Connected: ${now.address} on ${now.chainId} through ${walletName} (WalletConnect, session until ${until(now.expiry)})`,
  )
  for (const [namespace, accounts] of Object.entries(byNamespace(now.accounts)))
    printLine(`  ${namespace}: ${accounts.join(", ")}`)
  if (checked.changed)
    printLine(`${walletName} switched accounts since the last command: ${now.address} is the account now`)
  if (!checked.synced)
    printLine(
      `As stored: the relay at ${now.relayUrl} did not answer, so what was changed in the wallet since is not known`,
    )
}
