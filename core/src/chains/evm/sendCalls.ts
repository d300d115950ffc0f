import { Effect, Option, Schema } from "effect"
import type { Address, Chain, Hex } from "viem"
import { sendCalls } from "viem/actions"
import { LoggedMessages } from "../../errors/logged"
import { InvalidWalletReplyError } from "../../errors/wallet"
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

/** The EIP-5792 reply: capabilities (objects) under hex chain ids. */
const CapabilitiesByChain = Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Unknown)).check(
  Schema.makeFilter((byChain) =>
    Object.keys(byChain).every((chainId) => /^0x[0-9a-fA-F]+$/.test(chainId)) ? undefined : "hex chain ids",
  ),
)
const decodeCapabilities = Schema.decodeUnknownOption(CapabilitiesByChain)

/**
 * wallet_getCapabilities (EIP-5792): what the wallet supports per chain (atomic batches, paymasters, ...), by
 * chain id. A reply of another shape is logged (§8 'Error parsing wallet capabilities') and refused.
 */
export const getWalletCapabilities = (
  client: EvmClient,
  account: Address,
): Effect.Effect<Record<number, Record<string, unknown>>, EvmError | InvalidWalletReplyError> =>
  Effect.gen(function* () {
    const reply: unknown = yield* evmCall(() =>
      client.request({ method: "wallet_getCapabilities", params: [account] }),
    )
    const decoded = decodeCapabilities(reply)
    if (Option.isNone(decoded)) {
      yield* Effect.logError(LoggedMessages.capabilitiesParseFailed, reply)
      return yield* new InvalidWalletReplyError({
        method: "wallet_getCapabilities",
        expected: "capabilities",
        reply,
      })
    }
    return Object.fromEntries(
      Object.entries(decoded.value).map(([chainId, capabilities]) => [Number(chainId), capabilities]),
    )
  })
