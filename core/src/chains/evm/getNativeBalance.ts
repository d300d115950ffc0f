import type { Effect } from "effect"
import type { Address } from "viem"
import { getBalance } from "viem/actions"
import type { EvmClient } from "./client"
import { type EvmError, evmCall } from "./errors"

/** The native balance in wei (eth_getBalance at the latest block). */
export const getNativeBalance = (client: EvmClient, address: Address): Effect.Effect<bigint, EvmError> =>
  evmCall(() => getBalance(client, { address }))
