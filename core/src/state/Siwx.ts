import { Context, Effect, Layer, Option, Stream, SubscriptionRef } from "effect"
import { addressOfAccount } from "../domain/caip"
import { SiwxError } from "../errors/connection"
import { toastForWalletError } from "../errors/toasts"
import { SiwxClient, type SiwxClientError } from "../siwx/SiwxClient"
import { Account } from "./Account"
import { Connection, type SignMessageErrorType } from "./Connection"
import { Modal } from "./Modal"
import { Network } from "./Network"
import { Options } from "./Options"
import { Router } from "./Router"
import { Toast } from "./Toast"
import { afterPageIdle } from "./whenPageIdle"

export type SignInErrorType = SiwxError | SiwxClientError | SignMessageErrorType

export interface SiwxState {
  readonly status: "idle" | "signing" | "success" | "error"
  readonly error: string | undefined
}

export const initialSiwxState: SiwxState = { status: "idle", error: undefined }

const errorText = (error: unknown) =>
  error instanceof Error || (typeof error === "object" && error !== null && "message" in error)
    ? String((error as { message: unknown }).message)
    : String(error)

/** The sign-in (SIWX) flow of §4/§5 on top of a SiwxClient. */
export class Siwx extends Context.Service<
  Siwx,
  {
    readonly state: SubscriptionRef.SubscriptionRef<SiwxState>
    /** Opens SIWXSignMessage when connected on a supported network with no stored session. */
    readonly check: Effect.Effect<void>
    /** Signs the message with the wallet; success stores the session and closes the modal. */
    readonly requestSignMessage: Effect.Effect<void, SignInErrorType>
    /** Disconnects when sign-in is required, otherwise just closes. */
    readonly cancel: Effect.Effect<void>
  }
>()("appkit/Siwx") {
  static readonly layer = Layer.effect(
    Siwx,
    Effect.gen(function* () {
      const client = yield* Effect.serviceOption(SiwxClient)
      const connection = yield* Connection
      const account = yield* Account
      const network = yield* Network
      const modal = yield* Modal
      const router = yield* Router
      const options = yield* Options
      const toast = yield* Toast
      const state = yield* SubscriptionRef.make(initialSiwxState)
      const required = Effect.map(SubscriptionRef.get(options.state), (o) => o.siwxRequired)

      /** §5 preconditions, in the order of their messages. */
      const context = Effect.gen(function* () {
        if (Option.isNone(client)) return yield* new SiwxError({ reason: "notEnabled" })
        const { activeNamespace, caipNetwork, unsupportedChain } = yield* SubscriptionRef.get(network.state)
        const caipAddress = (yield* SubscriptionRef.get(account.state)).byNamespace[activeNamespace]
          ?.caipAddress
        if (caipAddress === undefined) return yield* new SiwxError({ reason: "noActiveAddress" })
        if (unsupportedChain) return yield* new SiwxError({ reason: "noActiveNetwork" })
        if ((yield* SubscriptionRef.get(connection.state)).connections[activeNamespace] === undefined) {
          return yield* new SiwxError({ reason: "noConnectionClient" })
        }
        const accountAddress = addressOfAccount(caipAddress)
        return {
          client: client.value,
          namespace: activeNamespace,
          chainId: caipNetwork.caipNetworkId,
          accountAddress,
        }
      })

      const promptOpen = Effect.gen(function* () {
        const { open } = yield* SubscriptionRef.get(modal.state)
        return open && (yield* SubscriptionRef.get(router.state)).view === "SIWXSignMessage"
      })

      // Nobody left to sign in (disconnected, an unsupported network) or already signed in (the wallet moved to
      // such an account): a prompt still open, perhaps with its close disabled, would trap or mislead the user.
      const dismissPrompt = Effect.gen(function* () {
        if ((yield* SubscriptionRef.get(modal.state)).closeDisabled) yield* modal.setCloseDisabled(false)
        if (yield* promptOpen) yield* modal.close({ force: true })
      })

      const check = Effect.gen(function* () {
        // Without a sign-in setup the flow leaves the modal alone.
        if (Option.isNone(client)) return
        const ready = yield* Effect.option(context)
        if (Option.isNone(ready)) return yield* dismissPrompt
        const { chainId, accountAddress } = ready.value
        const sessions = yield* Effect.option(ready.value.client.getSessions(chainId, accountAddress))
        // §8: a sign-in setup that cannot even be asked for sessions ends the connection with a toast.
        if (Option.isNone(sessions)) {
          yield* toast.showCatalogue("authInitFailed")
          return yield* Effect.ignore(connection.disconnect())
        }
        if (sessions.value.length > 0) return yield* dismissPrompt
        yield* SubscriptionRef.set(state, initialSiwxState)
        yield* modal.setCloseDisabled(yield* required)
        yield* modal.open({ view: "SIWXSignMessage" })
      })

      const showError = (error: unknown) =>
        Effect.gen(function* () {
          yield* SubscriptionRef.set(state, { status: "error", error: errorText(error) })
          const catalogue = toastForWalletError(error)
          if (catalogue !== undefined) yield* toast.showCatalogue(catalogue)
          if (!(yield* promptOpen)) yield* modal.open({ view: "SIWXSignMessage" })
        })

      const requestSignMessage = Effect.gen(function* () {
        const { client, namespace, chainId, accountAddress } = yield* context
        yield* SubscriptionRef.set(state, { status: "signing", error: undefined })
        yield* Effect.gen(function* () {
          const { data, message } = yield* client.createMessage({ chainId, accountAddress })
          const signature = yield* connection.signMessage(namespace, message)
          yield* client.addSession({ data, message, signature })
        }).pipe(Effect.tapError(showError))
        yield* SubscriptionRef.set(state, { status: "success", error: undefined })
        // Checked again after the wallet's wait: the prompt closes if the account now on show is signed in, and
        // asks again if the wallet moved to another account meanwhile.
        yield* check
      })

      const cancel = Effect.gen(function* () {
        yield* modal.setCloseDisabled(false)
        yield* SubscriptionRef.set(state, initialSiwxState)
        if (yield* required) yield* Effect.ignore(connection.disconnect())
        yield* modal.close({ force: true })
      })

      // Sign-in is asked for whenever an account appears or changes, whoever connected it. A connect fills in
      // the connection and then the account: both are watched, so the check never runs between the two only.
      // Watched from the first idle moment on (the first paint does not wait): its first check is of the state then.
      const signInKey = Effect.gen(function* () {
        const { connections } = yield* SubscriptionRef.get(connection.state)
        const { byNamespace } = yield* SubscriptionRef.get(account.state)
        return JSON.stringify([connections, Object.values(byNamespace).map((a) => a?.caipAddress)])
      })
      yield* Effect.forkScoped(
        afterPageIdle(
          Stream.merge(
            SubscriptionRef.changes(connection.state),
            SubscriptionRef.changes(account.state),
          ).pipe(
            Stream.mapEffect(() => signInKey),
            Stream.changes,
            Stream.runForEach(() => check),
          ),
        ),
      )

      return Siwx.of({ state, check, requestSignMessage, cancel })
    }),
  )
}
