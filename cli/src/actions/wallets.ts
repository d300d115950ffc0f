import { WalletApi, walletPageEntries, walletSearchEntries } from "@appkit/core/effect"
import { Effect } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { readChain } from "../inputs"
import { invalidInput } from "../output"
import { formatTable } from "../table"

interface ListOptions extends ApiOptions {
  readonly search?: string | undefined
  readonly page: string
  readonly chains?: string | undefined
}

export const listAction = (options: ListOptions) => {
  if (!/^[1-9]\d{0,8}$/.test(options.page))
    throw invalidInput(`Invalid --page '${options.page}': a page number from 1`)
  const page = Number(options.page)
  const chains = options.chains?.split(",").map((chain) => readChain(chain.trim(), "--chains").caip2)
  return runApiCommand(
    options,
    "Fetching wallets",
    WalletApi.use((api) => api.getWallets({ page, search: options.search, chains })).pipe(
      Effect.map((result) => {
        const entries = options.search === undefined ? walletPageEntries : walletSearchEntries
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
