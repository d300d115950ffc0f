import { BlockchainApi, type BlockchainSchemas } from "@appkit/core/effect"
import { formatBalance, parseUnits } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import type { ApiOptions } from "../api-options"
import { runApiCommand } from "../api-run"
import { readAddress, readChain } from "../inputs"
import { decimalString } from "../jsonView"
import { formatTable, formatUsd } from "../table"

type TokenBalance = BlockchainSchemas.TokenBalance

interface TokensOptions extends ApiOptions {
  readonly address: string
  readonly chain: string
}

/** One holding as --json prints it: exact decimal and base units side by side, USD as decimal strings. */
const holding = (row: TokenBalance) => {
  const decimals = Number(row.quantity.decimals)
  const units = parseUnits(row.quantity.numeric, decimals)
  return {
    symbol: row.symbol,
    name: row.name,
    chainId: row.chainId,
    token: row.address ?? null,
    decimals,
    balance: row.quantity.numeric,
    balanceUnits: Result.isSuccess(units) ? units.success.toString() : null,
    priceUsd: decimalString(row.price),
    valueUsd: row.value === undefined ? null : decimalString(row.value),
  }
}

/** Inputs are checked (the address for the chain's own namespace) before the API is asked. */
export const tokensAction = (options: TokensOptions) => {
  const chain = readChain(options.chain)
  const address = readAddress(options.address, "--address", chain.namespace)
  return runApiCommand(
    options,
    "Fetching token balances",
    BlockchainApi.use((api) => api.balance({ address, chainId: chain.caip2 })).pipe(
      Effect.map((balances) => {
        const json = { address, chainId: chain.caip2, data: balances.map(holding) }
        if (balances.length === 0)
          return { json, lines: [`No token balances for ${address} on ${chain.caip2}`] }
        const table = formatTable(
          [
            { header: "Symbol", cell: (row: TokenBalance) => row.symbol },
            { header: "Name", cell: (row) => row.name },
            {
              header: "Balance",
              cell: (row) =>
                Result.getOrElse(formatBalance(row.quantity.numeric), () => row.quantity.numeric),
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
}
