import { activityLabel, relativeTimeLabelOf } from "@appkit/core"
import { activityNamespaces, BlockchainApi, servesActivity } from "@appkit/core/effect"
import { formatQuantity, shortAddress } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { readAddress, readChain } from "../inputs"
import { invalidInput } from "../output"
import { formatTable } from "../table"

interface ActivityOptions extends ApiOptions {
  readonly address: string
  readonly chain?: string | undefined
  readonly cursor?: string | undefined
}

/** The chain and the address checked for it; EVM accounts default to Ethereum, other namespaces name theirs. */
const target = (options: ActivityOptions) => {
  if (options.chain !== undefined) {
    const chain = readChain(options.chain)
    const address = readAddress(options.address, "--address", chain.namespace)
    if (!servesActivity(chain.caip2))
      throw invalidInput(`--chain: activity is available on ${activityNamespaces.join(", ")} chains only`)
    return { chain: chain.caip2, address }
  }
  if (!/^0[xX]/.test(options.address))
    throw invalidInput("--chain is required for an address that is not an EVM (0x) address")
  return { chain: "eip155:1", address: readAddress(options.address, "--address", "eip155") }
}

export const activityAction = (options: ActivityOptions) => {
  const { chain, address } = target(options)
  return runApiCommand(
    options,
    "Fetching activity",
    BlockchainApi.use((api) =>
      api.history({ account: address, chainId: chain, cursor: options.cursor }),
    ).pipe(
      Effect.map((page) => {
        type Entry = (typeof page.data)[number]
        const amount = (entry: Entry) =>
          entry.transfers
            .map((transfer) => {
              // §9 labels by operation type; other operations (trades, mints) sign each transfer by direction.
              const sign =
                activityLabel(entry.metadata.operationType) ||
                (transfer.direction === "in" ? "+" : transfer.direction === "out" ? "-" : "")
              const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ""
              const quantity = Result.getOrElse(
                formatQuantity(transfer.quantity.numeric),
                () => transfer.quantity.numeric,
              )
              return `${sign}${quantity} ${symbol}`.trim()
            })
            .join(", ")
        const json = { address, chainId: chain, data: page.data, next: page.next ?? null }
        if (page.data.length === 0) return { json, lines: [`No activity for ${address} on ${chain}`] }
        const now = Date.now()
        const table = formatTable(
          [
            { header: "Date", cell: (entry: Entry) => entry.metadata.minedAt.slice(0, 16).replace("T", " ") },
            // §9: the activity list's abbreviated relative time ("5m ago"), the core's label as the modal shows it.
            { header: "When", cell: (entry) => relativeTimeLabelOf(entry.metadata.minedAt, now) },
            { header: "Type", cell: (entry) => entry.metadata.operationType },
            { header: "Amount", cell: amount },
            { header: "Status", cell: (entry) => entry.metadata.status },
            { header: "Hash", cell: (entry) => shortAddress(entry.metadata.hash) },
          ],
          page.data,
        )
        const more = page.next
          ? [`More: appkit-cli activity --address ${address} --chain ${chain} --cursor ${page.next}`]
          : []
        return { json, lines: [...table, ...more] }
      }),
    ),
  )
}
