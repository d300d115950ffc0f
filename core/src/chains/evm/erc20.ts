import type { Effect } from "effect"
import { type Address, encodeFunctionData, erc20Abi, type Hex } from "viem"
import { readContract } from "viem/actions"
import type { EvmClient } from "./client"
import { type EvmError, evmCall } from "./errors"

/** Calldata of ERC-20 `transfer(to, amount)`. */
export const erc20TransferData = (to: Address, amount: bigint): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] })

/** The token's `decimals()`, needed to turn a decimal amount into base units. */
export const getTokenDecimals = (client: EvmClient, token: Address): Effect.Effect<number, EvmError> =>
  evmCall(() => readContract(client, { address: token, abi: erc20Abi, functionName: "decimals" }))

/** The token's `symbol()`, e.g. "USDC". */
export const getTokenSymbol = (client: EvmClient, token: Address): Effect.Effect<string, EvmError> =>
  evmCall(() => readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" }))

/** The token's `balanceOf(owner)` in base units. */
export const getTokenBalance = (
  client: EvmClient,
  token: Address,
  owner: Address,
): Effect.Effect<bigint, EvmError> =>
  evmCall(() =>
    readContract(client, { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
  )
