import { Effect } from "effect"
import type { Address, Transport } from "viem"
import type { Eip1193Provider } from "../../connectors/injected/eip1193"
import type { NativeCurrency } from "../../domain/network"
import { type EvmClient, evmProviderClient, evmRpcClient, evmTransportClient } from "./client"
import { getTokenBalance, getTokenDecimals, getTokenSymbol } from "./erc20"
import type { EvmError } from "./errors"
import { getNativeBalance } from "./getNativeBalance"

/** Where a read goes: the dApp's transport, a node URL, or (with neither) the connected wallet. */
export type EvmReadTarget =
  | { readonly _tag: "transport"; readonly transport: Transport }
  | { readonly _tag: "rpcUrl"; readonly rpcUrl: string }
  | { readonly _tag: "wallet"; readonly provider: Pick<Eip1193Provider, "request"> }

export const readClient = (target: EvmReadTarget): EvmClient => {
  switch (target._tag) {
    case "transport":
      return evmTransportClient(target.transport)
    case "rpcUrl":
      return evmRpcClient(target.rpcUrl)
    case "wallet":
      return evmProviderClient(target.provider)
  }
}

export interface EvmBalance {
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
}

/**
 * The native coin's balance (counted in the network's currency), or an ERC-20's with the token's own
 * decimals and symbol. The ERC-20 reads run together: three round trips would triple the wait.
 */
export const readBalance = (
  target: EvmReadTarget,
  parameters: {
    readonly address: Address
    readonly token?: Address | undefined
    readonly nativeCurrency: NativeCurrency
  },
): Effect.Effect<EvmBalance, EvmError> => {
  const client = readClient(target)
  const { address, token, nativeCurrency } = parameters
  if (token === undefined)
    return Effect.map(getNativeBalance(client, address), (value) => ({
      value,
      decimals: nativeCurrency.decimals,
      symbol: nativeCurrency.symbol,
    }))
  return Effect.all(
    {
      value: getTokenBalance(client, token, address),
      decimals: getTokenDecimals(client, token),
      symbol: getTokenSymbol(client, token),
    },
    { concurrency: "unbounded" },
  )
}
