import { Effect, Result, SubscriptionRef } from "effect"
import { loadSolana } from "../../chains/SolanaSupport"
import type { ConnectionError } from "../../errors/connection"
import type { NodeError } from "../../errors/nodeErrors"
import type { ProviderRpcError } from "../../errors/ProviderRpcError"
import { SendError } from "../../errors/transfer"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import { type FeeExceedsBalanceError, nativeMax, sendableAmount } from "../../state/heldAmount"
import { Network } from "../../state/Network"
import type { CaipNetwork } from "../../state/Options"
import { Send, UnsupportedSendChainError } from "../../state/Send"
import { type ParseUnitsError, parseUnits } from "../../validation/amount"
import { connectedEvmClients } from "./evmClients"
import { receiverAddressOf } from "./submitSend"

export type SetSendMaxErrorType =
  | SendError
  | FeeExceedsBalanceError
  | UnsupportedSendChainError
  | ParseUnitsError
  | ConnectionError
  | ConnectorNotFoundError
  | ProviderRpcError
  | NodeError

/**
 * The network fee, in base units of the native coin, of the send form's native transfer as submitSend prices it:
 * eip155, the node's estimate for a transfer to the receiver (the sender itself while the receiver is no address
 * yet) at the node's gas price; solana, the base and priority fee of the §9 budget.
 */
const nativeSendFee = (caipNetwork: CaipNetwork, receiver: string) =>
  Effect.gen(function* () {
    if (caipNetwork.chainNamespace === "solana") return (yield* loadSolana).solTransferFeeLamports
    if (caipNetwork.chainNamespace !== "eip155")
      return yield* new UnsupportedSendChainError({ namespace: caipNetwork.chainNamespace })
    const { wallet, evm, node } = yield* connectedEvmClients(caipNetwork)
    const signer = wallet.address as `0x${string}`
    const to = yield* receiverAddressOf(receiver.trim(), caipNetwork.id).pipe(
      Effect.catch(() => Effect.succeed(signer)),
    )
    const { gas, gasPrice } = yield* evm.transferFee(node, { signer, to, amount: 0n })
    return gas * gasPrice
  })

/**
 * Fills the send form's amount with the most it can send and resolves to it: a token's (ERC-20, SPL) whole
 * balance less any frozen part (sendableAmount), since its fee is paid in the native coin; the native coin's
 * balance less the network fee of sending it. A balance that does not cover that fee makes the amount 0 and fails with FeeExceedsBalanceError. The form
 * is filled only while it still shows the token Max was asked for (the fee is read from the node meanwhile).
 */
export const setSendMax: Effect.Effect<
  string,
  SetSendMaxErrorType,
  Send | Network | Connection | Connectors
> = Effect.gen(function* () {
  const send = yield* Send
  const { token, receiverAddress } = yield* SubscriptionRef.get(send.state)
  if (token === undefined) return yield* new SendError({ reason: "tokenRequired" })
  if (token.address !== undefined) {
    const max = yield* Effect.fromResult(sendableAmount(token.quantity))
    yield* send.update({ sendTokenAmount: max })
    return max
  }
  const decimals = Number(token.quantity.decimals)
  const held = yield* Effect.fromResult(parseUnits(token.quantity.numeric, decimals))
  const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const fee = yield* nativeSendFee(caipNetwork, receiverAddress ?? "")
  const max = nativeMax(held, fee, decimals, token.symbol)
  // Only into the form it was asked for: another token picked (or the form reset) meanwhile keeps its amount.
  yield* SubscriptionRef.update(send.state, (s) =>
    s.token === token ? { ...s, sendTokenAmount: Result.getOrElse(max, () => "0") } : s,
  )
  return yield* Effect.fromResult(max)
})
