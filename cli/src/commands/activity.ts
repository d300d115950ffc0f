import type { Command } from "commander"
import { type ApiOptions, runApiCommand, withApiOptions } from "../api-options"
import { CliError } from "../output"
import { formatTable, shorten } from "../table"

/** `appkit-cli activity`: one page of an account's transaction history on one chain (spam filtered). */
interface ActivityOptions extends ApiOptions {
  readonly address: string
  readonly chain?: string | undefined
  readonly cursor?: string | undefined
}

/** EVM accounts default to Ethereum; other namespaces have no obvious default chain. */
const chainFor = (options: ActivityOptions): string => {
  if (options.address.trim() === "") throw new CliError("--address must not be empty")
  if (options.chain) return options.chain
  if (/^0x[0-9a-fA-F]{40}$/.test(options.address)) return "eip155:1"
  throw new CliError("--chain is required for non-EVM addresses")
}

const activityAction = (options: ActivityOptions) => {
  const chainId = chainFor(options)
  return runApiCommand(options, "Fetching activity", ({ core, effect: { Effect, Result } }) =>
    core.BlockchainApi.use((api) =>
      api.history({ account: options.address, chainId, cursor: options.cursor }),
    ).pipe(
      Effect.map((page) => {
        type Entry = (typeof page.data)[number]
        const amount = (entry: Entry) =>
          entry.transfers
            .map((transfer) => {
              // §9 labels by operation type; other operations (trades, mints) sign each transfer by direction.
              const sign =
                core.activityLabel(entry.metadata.operationType) ||
                (transfer.direction === "in" ? "+" : transfer.direction === "out" ? "-" : "")
              const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ""
              const quantity = Result.getOrElse(
                core.formatQuantity(transfer.quantity.numeric),
                () => transfer.quantity.numeric,
              )
              return `${sign}${quantity} ${symbol}`.trim()
            })
            .join(", ")
        const json = { address: options.address, chainId, data: page.data, next: page.next }
        if (page.data.length === 0)
          return { json, lines: [`No activity for ${options.address} on ${chainId}`] }
        const table = formatTable(
          [
            { header: "Date", cell: (entry: Entry) => entry.metadata.minedAt.slice(0, 16).replace("T", " ") },
            {
              header: "Type",
              cell: (entry) => entry.metadata.operationType,
            },
            { header: "Amount", cell: amount },
            { header: "Status", cell: (entry) => entry.metadata.status },
            { header: "Hash", cell: (entry) => shorten(entry.metadata.hash) },
          ],
          page.data,
        )
        const more = page.next
          ? [
              `More: appkit-cli activity --address ${options.address} --chain ${chainId} --cursor ${page.next}`,
            ]
          : []
        return { json, lines: [...table, ...more] }
      }),
    ),
  )
}

export const register = (program: Command): void => {
  withApiOptions(
    program
      .command("activity")
      .description("Transaction history of an account on one chain, a page at a time (Blockchain API)")
      .requiredOption("--address <address>", "account address")
      .option("--chain <caip2>", "chain as a CAIP-2 id (default eip155:1 for 0x addresses)")
      .option("--cursor <cursor>", "the page to show, as printed after the previous page"),
  ).action(activityAction)
}
