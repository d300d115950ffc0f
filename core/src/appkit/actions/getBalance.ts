import { Effect, Result } from "effect"
import { loadSolana } from "../../chains/SolanaSupport"
import type { SolanaTransferError } from "../../chains/solana/errors"
import type { SolanaRpcCallError } from "../../chains/solana/rpc/SolanaRpc"
import type { NativeCurrency } from "../../domain/network"
import type { ConnectionError } from "../../errors/connection"
import type { ProviderRpcError } from "../../errors/ProviderRpcError"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import type { Network } from "../../state/Network"
import { balanceNamespaces, UnsupportedSendChainError } from "../../state/Send"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { formatUnits } from "../../validation/amount"
import { connectedWallet, evmAddress, evmReadTarget, requestedNetwork } from "./wallet"

export interface GetBalanceParameters {
  /** Whose balance: the account connected on the network's namespace by default. */
  readonly address?: string | undefined
  /** A requested network by eip155 chain id (8453) or CAIP-2 id; the active network by default. */
  readonly chainId?: number | string | undefined
  /** An ERC-20 contract (eip155) or an SPL Token / Token-2022 mint (solana); the native coin when absent. */
  readonly token?: string | undefined
}

export interface GetBalanceReturnType {
  /** Exact, in base units (wei, lamports, or the token's smallest unit). */
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
  /** `value` as an exact decimal string ("1.5"), never a float. */
  readonly formatted: string
}

export type GetBalanceErrorType =
  | ConnectionError
  | ConnectorNotFoundError
  | InvalidAddress
  | ProviderRpcError
  | UnsupportedSendChainError
  | SolanaRpcCallError
  | SolanaTransferError

/** What an eip155 network counts in when it does not say (viem's chains all do). */
const ether: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 }

/**
 * The balance of an account on a requested network: on eip155 the native coin or an ERC-20 with its own
 * decimals and symbol; on solana SOL in lamports or an SPL mint's holding. Other namespaces have no balances
 * (§1: 'Unsupported chain', without asking anything). viem or @solana/kit loads with the first call.
 */
export const getBalance: (
  parameters?: GetBalanceParameters,
) => Effect.Effect<GetBalanceReturnType, GetBalanceErrorType, Network | Connection | Connectors> = Effect.fn(
  "AppKit.getBalance",
)(function* (parameters: GetBalanceParameters = {}) {
  const network = yield* requestedNetwork(parameters.chainId)
  if (!balanceNamespaces.includes(network.chainNamespace))
    return yield* new UnsupportedSendChainError({ namespace: network.chainNamespace })
  if (network.chainNamespace === "solana") {
    const { readSolanaBalance } = yield* loadSolana
    const owner = parameters.address ?? (yield* connectedWallet("solana")).address
    return yield* readSolanaBalance(network, owner, parameters.token)
  }
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
