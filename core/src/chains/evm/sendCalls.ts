import { Effect } from "effect"
import type { Address, Chain, Hex } from "viem"
import { getCapabilities, sendCalls } from "viem/actions"
import { checkRpcRequest, type RpcPolicyError } from "../../rpc/checkRpcRequest"
import type { EvmClient, EvmSigner } from "./client"
import { type EvmError, evmCall } from "./errors"

/** One call of an EIP-5792 batch. */
export interface WalletCall {
  readonly to: Address
  readonly value?: bigint | undefined
  readonly data?: Hex | undefined
}

/**
 * wallet_sendCalls (EIP-5792): sends a batch and returns the wallet's bundle id. The batch passes the RPC
 * policy first, so a call whose 'to' is not 0x-prefixed (§5) never reaches the wallet.
 */
export const sendWalletCalls = (
  client: EvmClient,
  parameters: {
    readonly signer: EvmSigner
    readonly calls: ReadonlyArray<WalletCall>
    readonly chain: Chain
  },
): Effect.Effect<string, EvmError | RpcPolicyError> =>
  Effect.gen(function* () {
    yield* checkRpcRequest(
      { method: "wallet_sendCalls", params: [{ calls: parameters.calls }] },
      { providerConnected: true, namespace: "eip155" },
    )
    const result = yield* evmCall(() =>
      sendCalls(client, {
        account: parameters.signer,
        chain: parameters.chain,
        calls: [...parameters.calls],
      }),
    )
    return result.id
  })

/** wallet_getCapabilities (EIP-5792): what the wallet supports per chain (atomic batches, paymasters, ...). */
export const getWalletCapabilities = (
  client: EvmClient,
  account: Address,
): Effect.Effect<Record<number, Record<string, unknown>>, EvmError> =>
  evmCall(() => getCapabilities(client, { account }))
