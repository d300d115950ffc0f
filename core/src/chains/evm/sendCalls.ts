import { Effect, Schema } from "effect"
import type { Address, Chain, Hex } from "viem"
import { getCapabilities, sendCalls } from "viem/actions"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import type { EvmClient, EvmSigner } from "./client"
import { type EvmError, evmCall } from "./errors"

/** One call of an EIP-5792 batch. `to` must be a 0x-prefixed address (§5): wallets reject bare hex. */
export const WalletCall = Schema.Struct({
  to: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{40}$/)),
  value: Schema.optional(Schema.BigInt),
  data: Schema.optional(Schema.String.check(Schema.isPattern(/^0x([0-9a-fA-F]{2})*$/))),
})
export type WalletCall = typeof WalletCall.Type

const decodeCalls = Schema.decodeUnknownEffect(Schema.Array(WalletCall))

/**
 * wallet_sendCalls (EIP-5792): sends a batch and returns the wallet's bundle id. Calls are checked before
 * the wallet sees them; a bad one fails as invalid params (-32602).
 */
export const sendWalletCalls = (
  client: EvmClient,
  parameters: { readonly signer: EvmSigner; readonly calls: ReadonlyArray<unknown>; readonly chain: Chain },
): Effect.Effect<string, EvmError> =>
  Effect.gen(function* () {
    const calls = yield* decodeCalls(parameters.calls).pipe(
      Effect.mapError(
        (issue) =>
          new ProviderRpcError({
            code: RpcErrorCode.invalidParams,
            message: `wallet_sendCalls: every call needs a 0x-prefixed 'to' address (${issue.message})`,
          }),
      ),
    )
    const result = yield* evmCall(() =>
      sendCalls(client, {
        account: parameters.signer,
        chain: parameters.chain,
        calls: calls.map((call) => ({
          to: call.to as Address,
          ...(call.value !== undefined ? { value: call.value } : {}),
          ...(call.data !== undefined ? { data: call.data as Hex } : {}),
        })),
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
