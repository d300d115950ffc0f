import { Effect, Result } from "effect"
import type { NativeCurrency } from "../../domain/network"
import { ConnectionError } from "../../errors/connection"
import type { ProviderRpcError } from "../../errors/ProviderRpcError"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import type { Network } from "../../state/Network"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { formatUnits } from "../../validation/amount"
import { connectedWallet, evmAddress, evmReadTarget, requestedNetwork } from "./wallet"

export interface GetBalanceParameters {
  /** Whose balance: the connected eip155 account by default. */
  readonly address?: string | undefined
  /** A requested network by eip155 chain id (8453) or CAIP-2 id; the active network by default. */
  readonly chainId?: number | string | undefined
  /** An ERC-20 contract; the network's native coin when absent. */
  readonly token?: string | undefined
}

export interface GetBalanceReturnType {
  /** Exact, in base units (wei, or the token's smallest unit). */
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
  /** `value` as an exact decimal string ("1.5"), never a float. */
  readonly formatted: string
}

export type GetBalanceErrorType = ConnectionError | ConnectorNotFoundError | InvalidAddress | ProviderRpcError

/** What an eip155 network counts in when it does not say (viem's chains all do). */
const ether: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 }

/**
 * The balance of an account on a requested eip155 network: the native coin, or an ERC-20 with its own
 * decimals and symbol. viem (the reading code) loads with the first call, not with the app.
 */
export const getBalance: (
  parameters?: GetBalanceParameters,
) => Effect.Effect<GetBalanceReturnType, GetBalanceErrorType, Network | Connection | Connectors> = Effect.fn(
  "AppKit.getBalance",
)(function* (parameters: GetBalanceParameters = {}) {
  const network = yield* requestedNetwork(parameters.chainId)
  if (network.chainNamespace !== "eip155")
    return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
  const address = yield* evmAddress(parameters.address ?? (yield* connectedWallet("eip155")).address)
  const token = parameters.token === undefined ? undefined : yield* evmAddress(parameters.token)
  const target = yield* evmReadTarget(network)
  const { readBalance } = yield* Effect.promise(() => import("../../chains/evm/readBalance"))
  const balance = yield* readBalance(target, {
    address,
    token,
    nativeCurrency: network.nativeCurrency ?? ether,
  })
  // (decimals come from a uint8 or a validated network, so formatting cannot fail)
  const formatted = Result.getOrElse(formatUnits(balance.value, balance.decimals), () =>
    String(balance.value),
  )
  return { ...balance, formatted }
})
