import type { Command } from "commander"
import { type ApiOptions, runApiCommand, withApiOptions } from "../api-options"
import { formatTable, formatUsd } from "../table"

/** `appkit-cli tokens`: token balances of an address on one chain, with USD prices, from the Blockchain API. */
interface TokensOptions extends ApiOptions {
  readonly address: string
  readonly chain: string
}

const tokensAction = (options: TokensOptions) =>
  runApiCommand(options, "Fetching token balances", ({ core, effect: { Effect, Result } }) =>
    core.BlockchainApi.use((api) => api.balance({ address: options.address, chainId: options.chain })).pipe(
      Effect.map((balances) => {
        const json = { address: options.address, chainId: options.chain, balances }
        if (balances.length === 0)
          return { json, lines: [`No token balances for ${options.address} on ${options.chain}`] }
        const table = formatTable(
          [
            { header: "Symbol", cell: (row: (typeof balances)[number]) => row.symbol },
            { header: "Name", cell: (row) => row.name },
            {
              header: "Balance",
              cell: (row) =>
                Result.getOrElse(core.formatBalance(row.quantity.numeric), () => row.quantity.numeric),
              align: "right",
            },
            { header: "Price", cell: (row) => formatUsd(row.price), align: "right" },
            { header: "Value", cell: (row) => formatUsd(row.value), align: "right" },
          ],
          balances,
        )
        const total = balances.reduce((sum, row) => sum + (row.value ?? 0), 0)
        return { json, lines: [...table, `Total ${formatUsd(total)}`] }
      }),
    ),
  )

export const register = (program: Command): void => {
  withApiOptions(
    program
      .command("tokens")
      .description("Token balances of an address with USD prices (Blockchain API)")
      .requiredOption("--address <address>", "account address")
      .requiredOption("--chain <caip2>", "chain as a CAIP-2 id, e.g. eip155:1"),
  ).action(tokensAction)
}
