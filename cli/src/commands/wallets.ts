import type { Command } from "commander"
import { type ApiOptions, runApiCommand, withApiOptions } from "../api-options"
import { CliError } from "../output"
import { formatTable } from "../table"

/** `appkit-cli wallets list`: the Wallet API's wallet listing, a page at a time, optionally searched. */
interface ListOptions extends ApiOptions {
  readonly search?: string | undefined
  readonly page: string
  readonly chains?: string | undefined
}

const listAction = (options: ListOptions) => {
  if (!/^\d+$/.test(options.page) || Number(options.page) < 1)
    throw new CliError(`Invalid --page '${options.page}': a page number from 1`)
  const page = Number(options.page)
  const chains = options.chains?.split(",").map((chain) => chain.trim())
  return runApiCommand(options, "Fetching wallets", ({ core, effect: { Effect } }) =>
    core.WalletApi.use((api) => api.getWallets({ page, search: options.search, chains })).pipe(
      Effect.map((result) => {
        const entries = options.search === undefined ? core.walletPageEntries : core.walletSearchEntries
        const pages = Math.max(1, Math.ceil(result.count / entries))
        const json = { page, pages, count: result.count, data: result.data }
        if (result.data.length === 0)
          return {
            json,
            lines: [options.search ? `No wallets match '${options.search}'` : `No wallets on page ${page}`],
          }
        type Wallet = (typeof result.data)[number]
        return {
          json,
          lines: [
            ...formatTable(
              [
                { header: "#", cell: (wallet: Wallet) => String(wallet.order ?? ""), align: "right" },
                { header: "Name", cell: (wallet) => wallet.name },
                { header: "Chains", cell: (wallet) => String(wallet.chains?.length ?? 0), align: "right" },
                { header: "Badge", cell: (wallet) => (wallet.badge_type === "certified" ? "certified" : "") },
                { header: "RDNS", cell: (wallet) => wallet.rdns ?? "" },
              ],
              result.data,
            ),
            `Page ${page} of ${pages} (${result.count} wallets)`,
          ],
        }
      }),
    ),
  )
}

export const register = (program: Command): void => {
  const wallets = program.command("wallets").description("The wallet directory (Wallet API)")
  withApiOptions(
    wallets
      .command("list")
      .description("List wallets, 40 a page (100 when searching)")
      .option("--search <query>", "only wallets whose name contains this")
      .option("--page <n>", "page number, from 1", "1")
      .option("--chains <caip2,...>", "only wallets supporting one of these chains"),
  ).action(listAction)
}
