import { Context, Effect, Layer, Schema, SubscriptionRef } from "effect"
import { isAmountString } from "../domain/amount"
import { AppKitError } from "../domain/appKitError"
import type { ChainNamespace } from "../domain/namespace"
import type { SendState } from "../domain/send"
import type { Token } from "../domain/token"
import { SendError } from "../errors/transfer"
import type { HeldAmountError } from "./heldAmount"
import { isReceiverName } from "./receiverName"

export const initialSendState: SendState = { tokenBalances: [], loading: false }

/** §1: only these namespaces can send; any other gives 'Unsupported chain'. */
export const sendNamespaces: ReadonlyArray<ChainNamespace> = ["eip155", "solana"]
/** §1: only these namespaces have balances; any other gives 'Unsupported chain' too. */
export const balanceNamespaces: ReadonlyArray<ChainNamespace> = ["eip155", "solana"]

/** A send or a balance asked on a namespace without them (§1). */
export class UnsupportedSendChainError extends AppKitError(
  Schema.TaggedError<UnsupportedSendChainError>()("UnsupportedSendChainError", { namespace: Schema.String }),
) {
  override get message(): string {
    return "Unsupported chain"
  }
}

export class InvalidSendAmountError extends AppKitError(
  Schema.TaggedError<InvalidSendAmountError>()("InvalidSendAmountError", {
    amount: Schema.String,
  }),
  { topic: "Invalid amount" },
) {
  override get message(): string {
    return `Invalid amount: ${this.amount}`
  }
}

export class InvalidReceiverError extends AppKitError(
  Schema.TaggedError<InvalidReceiverError>()("InvalidReceiverError", {
    address: Schema.String,
  }),
) {
  override get message(): string {
    return "Invalid address"
  }
}

export interface ValidSend {
  readonly namespace: ChainNamespace
  readonly token: Token
  readonly amount: string
  readonly receiverAddress: string
}

export type SendValidationError =
  | SendError
  | UnsupportedSendChainError
  | InvalidSendAmountError
  | InvalidReceiverError
  | HeldAmountError

/** Whether an address is one of the namespace's (validation's `validateAddress`, loaded when first needed). */
export type AddressCheck = (address: string, namespace: ChainNamespace) => boolean
/** What is wrong with a positive amount for the token (its decimals, its balance), if anything. */
export type AmountCheck = (amount: string, token: Token) => HeldAmountError | undefined

/**
 * Every namespace's address rules (and their hashing code) and the unit arithmetic load with the first send
 * that needs them, not with the app: an app that never sends never downloads them.
 */
const loadChecks = Effect.promise(() => import("./sendChecks"))

/**
 * The §5 checks, in the order the messages are given: chain, amount and receiver (a zero amount is none, as a
 * form's empty number is), token, amount format; then the amount against the token's decimals and balance.
 */
export const validateSend = (
  state: SendState,
  namespace: ChainNamespace,
  isAddress: AddressCheck,
  checkAmount: AmountCheck,
) =>
  Effect.gen(function* () {
    if (!sendNamespaces.includes(namespace)) return yield* new UnsupportedSendChainError({ namespace })
    const amount = state.sendTokenAmount?.trim()
    const receiverAddress = state.receiverAddress?.trim()
    if (!amount || /^-?0+(\.0+)?$/.test(amount) || !receiverAddress)
      return yield* new SendError({ reason: "amountAndReceiverRequired" })
    if (state.token === undefined) return yield* new SendError({ reason: "tokenRequired" })
    if (!isAmountString(amount) || amount.startsWith("-"))
      return yield* new InvalidSendAmountError({ amount })
    const amountProblem = checkAmount(amount, state.token)
    if (amountProblem !== undefined) return yield* amountProblem
    // A receiver of another namespace (or a typo) would lose the funds: checked before any wallet sees it.
    // An eip155 name (alice.reown.id) is resolved when the send is submitted.
    const isName = namespace === "eip155" && isReceiverName(receiverAddress)
    if (!isName && !isAddress(receiverAddress, namespace)) {
      return yield* new InvalidReceiverError({ address: receiverAddress })
    }
    return { namespace, token: state.token, amount, receiverAddress } satisfies ValidSend
  })

export type SendPatch = Partial<Omit<SendState, "loading">>

/** The send form: the fields a user fills in and the §5 validation before anything reaches a wallet. */
export class Send extends Context.Service<
  Send,
  {
    readonly state: SubscriptionRef.SubscriptionRef<SendState>
    readonly update: (patch: SendPatch) => Effect.Effect<void>
    readonly setLoading: (loading: boolean) => Effect.Effect<void>
    readonly reset: Effect.Effect<void>
    readonly validate: (namespace: ChainNamespace) => Effect.Effect<ValidSend, SendValidationError>
  }
>()("appkit/Send") {
  static readonly layer = Layer.effect(
    Send,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(initialSendState)
      return Send.of({
        state,
        update: (patch) => SubscriptionRef.update(state, (s) => ({ ...s, ...patch })),
        setLoading: (loading) => SubscriptionRef.update(state, (s) => ({ ...s, loading })),
        reset: SubscriptionRef.set(state, initialSendState),
        validate: (namespace) =>
          Effect.gen(function* () {
            const current = yield* SubscriptionRef.get(state)
            const { isSendAddress, sendAmountProblem } = yield* loadChecks
            return yield* validateSend(current, namespace, isSendAddress, sendAmountProblem)
          }),
      })
    }),
  )
}
