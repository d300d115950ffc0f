import { Context, Effect, FiberHandle, Layer, Stream, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import type { ChainNamespace } from "../domain/namespace"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { Network, shouldShowUnsupportedChain } from "./Network"
import { Options, type ResolvedOptions } from "./Options"
import { accountViews, Router, type View } from "./Router"
import { afterPageIdle } from "./whenPageIdle"

export interface ModalState {
  readonly open: boolean
  /** Loading is tracked per namespace (§4). */
  readonly loading: Readonly<Partial<Record<ChainNamespace, boolean>>>
  /** True for 500 ms after a refused close, so the skin can shake the modal. */
  readonly shake: boolean
  /** Set by the sign-in flow while sign-in is required and no session exists. */
  readonly closeDisabled: boolean
  /** The namespace the modal was opened for (`open({ namespace })`): the connect view lists only its wallets. */
  readonly namespace: ChainNamespace | undefined
}

export const initialModalState: ModalState = {
  open: false,
  loading: {},
  shake: false,
  closeDisabled: false,
  namespace: undefined,
}

export interface OpenModalOptions {
  readonly view?: View | undefined
  /** Connect (or show the account) on this namespace only, as Reown AppKit's `open({ namespace })` does. */
  readonly namespace?: ChainNamespace | undefined
}

/** §4: with no adapters the basic pairing view (AllWallets on mobile); else Account when connected, Connect when not. */
export const defaultView = (
  options: Pick<ResolvedOptions, "adapters" | "isMobile">,
  connected: boolean,
): View =>
  options.adapters.length === 0
    ? options.isMobile
      ? "AllWallets"
      : "ConnectingWalletConnectBasic"
    : connected
      ? "Account"
      : "Connect"

export class Modal extends Context.Service<
  Modal,
  {
    readonly state: SubscriptionRef.SubscriptionRef<ModalState>
    readonly open: (options?: OpenModalOptions) => Effect.Effect<void>
    /** Returns whether the modal is now closed (or, embedded, back at its home view). */
    readonly close: (options?: { readonly force?: boolean | undefined }) => Effect.Effect<boolean>
    readonly toggle: Effect.Effect<void>
    /** The header's back button: back one view, or close when going back is not possible (§2). */
    readonly back: Effect.Effect<void>
    /** A wallet request finished: the transaction stack decides back, replace or reset (§2). */
    readonly finishTransaction: (result: "success" | "cancel") => Effect.Effect<void>
    readonly setLoading: (namespace: ChainNamespace, loading: boolean) => Effect.Effect<void>
    readonly setCloseDisabled: (disabled: boolean) => Effect.Effect<void>
  }
>()("appkit/Modal") {
  static readonly layer = Layer.effect(
    Modal,
    Effect.gen(function* () {
      const router = yield* Router
      const connection = yield* Connection
      const network = yield* Network
      const account = yield* Account
      const options = yield* Options
      const state = yield* SubscriptionRef.make(initialModalState)
      const shaking = yield* FiberHandle.make<void, never>()
      const resync = yield* FiberHandle.make<void, never>()
      const set = (f: (s: ModalState) => ModalState) => SubscriptionRef.update(state, f)
      const isConnected = Effect.map(SubscriptionRef.get(connection.state), (c) => c.status === "connected")
      /** Connected at all, or, for a modal opened for one namespace, connected on that namespace. */
      const isConnectedOn = (namespace: ChainNamespace | undefined) =>
        namespace === undefined
          ? isConnected
          : Effect.map(SubscriptionRef.get(connection.state), (c) => c.connections[namespace] !== undefined)

      const open = (request?: OpenModalOptions) =>
        Effect.gen(function* () {
          const namespace = request?.namespace
          const view =
            request?.view ??
            defaultView(yield* SubscriptionRef.get(options.state), yield* isConnectedOn(namespace))
          yield* router.reset(view)
          yield* set((s) => ({ ...s, open: true, namespace }))
        })

      const shake = Effect.andThen(
        set((s) => ({ ...s, shake: true })),
        FiberHandle.run(
          shaking,
          Effect.delay(
            set((s) => ({ ...s, shake: false })),
            Timings.shake,
          ),
        ),
      )

      const close = (request?: { readonly force?: boolean | undefined }) =>
        Effect.gen(function* () {
          const current = yield* SubscriptionRef.get(state)
          if (!current.open) return true
          const { view } = yield* SubscriptionRef.get(router.state)
          if (!request?.force && (view === "ApproveTransaction" || current.closeDisabled)) {
            yield* shake
            return false
          }
          if ((yield* SubscriptionRef.get(options.state)).enableEmbedded) {
            yield* router.reset((yield* isConnected) ? "Account" : "Connect")
            return true
          }
          yield* set((s) => ({ ...s, open: false }))
          return true
        })

      // The Farcaster QR expires with its URL: after leaving the view, drop it so the next visit fetches a fresh one.
      const scheduleFarcasterResync = Effect.gen(function* () {
        const { activeNamespace } = yield* SubscriptionRef.get(network.state)
        yield* FiberHandle.run(
          resync,
          Effect.delay(
            account.update(activeNamespace, { farcasterUrl: undefined }),
            Timings.farcasterResyncAfterBack,
          ),
        )
      })

      // §4: a wallet on a chain the dApp did not request opens UnsupportedChain (when the options say so).
      // Only when the wallet's chain changes: other network updates (approved ids) must not reopen a modal the
      // user closed. Watched from the first idle moment on: the first paint does not wait for the stream.
      yield* Effect.forkScoped(
        afterPageIdle(
          SubscriptionRef.changes(network.state).pipe(
            Stream.changesWith(
              (a, b) =>
                a.caipNetwork.caipNetworkId === b.caipNetwork.caipNetworkId &&
                a.unsupportedChain === b.unsupportedChain,
            ),
            Stream.runForEach((networkState) =>
              Effect.gen(function* () {
                if (!shouldShowUnsupportedChain(networkState, yield* SubscriptionRef.get(options.state)))
                  return
                const { view } = yield* SubscriptionRef.get(router.state)
                const { open: isOpen } = yield* SubscriptionRef.get(state)
                if (!isOpen || view !== "UnsupportedChain")
                  yield* Effect.andThen(
                    router.reset("UnsupportedChain"),
                    set((s) => ({ ...s, open: true })),
                  )
              }),
            ),
          ),
        ),
      )

      // The views of the account have nothing to show once the last connection ends (a disconnect, or the wallet
      // ended the session): the modal closes, as Reown's does, rather than show a form for no account.
      yield* Effect.forkScoped(
        afterPageIdle(
          Stream.runForEach(SubscriptionRef.changes(connection.state), (c) =>
            Effect.flatMap(SubscriptionRef.get(router.state), ({ view }) =>
              c.status === "disconnected" && accountViews.has(view) ? close() : Effect.void,
            ),
          ),
        ),
      )

      return Modal.of({
        state,
        open,
        close,
        toggle: Effect.flatMap(SubscriptionRef.get(state), (s) => (s.open ? Effect.asVoid(close()) : open())),
        back: Effect.gen(function* () {
          const { view } = yield* SubscriptionRef.get(router.state)
          if (yield* router.goBack) yield* close()
          // Also when going back closed the modal: reopening it must not show the old QR.
          if (view === "ConnectingFarcaster") yield* scheduleFarcasterResync
        }),
        // The request is settled, so nothing is left to protect: a close here is forced past ApproveTransaction.
        finishTransaction: (result) =>
          Effect.flatMap(router.popTransaction(result), (mustClose) =>
            mustClose ? Effect.asVoid(close({ force: true })) : Effect.void,
          ),
        setLoading: (namespace, loading) =>
          set((s) => ({ ...s, loading: { ...s.loading, [namespace]: loading } })),
        setCloseDisabled: (closeDisabled) => set((s) => ({ ...s, closeDisabled })),
      })
    }),
  )
}
