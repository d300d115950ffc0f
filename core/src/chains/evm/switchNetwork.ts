import { Effect } from "effect"
import type { Chain } from "viem"
import { addChain, switchChain } from "viem/actions"
import { isUnrecognizedChain } from "../../errors/rpcCodes"
import type { EvmClient } from "./client"
import { type EvmError, evmCall } from "./errors"

/** wallet_addEthereumChain (EIP-3085): tells the wallet the chain's name, currency and RPC URLs. */
export const addNetwork = (client: EvmClient, chain: Chain): Effect.Effect<void, EvmError> =>
  evmCall(() => addChain(client, { chain }))

/**
 * wallet_switchEthereumChain; when the wallet does not know the chain (4902, or -32603 from wallets that wrap
 * it) it is added and the switch is retried once. A refusal (4001) is passed through untouched.
 */
export const switchNetwork = (client: EvmClient, chain: Chain): Effect.Effect<void, EvmError> =>
  evmCall(() => switchChain(client, { id: chain.id })).pipe(
    Effect.catchIf(
      (error) => isUnrecognizedChain(error.code),
      () =>
        Effect.andThen(
          addNetwork(client, chain),
          evmCall(() => switchChain(client, { id: chain.id })),
        ),
    ),
  )
