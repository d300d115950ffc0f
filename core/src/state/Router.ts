import { Context, Effect, Layer, Schema, SubscriptionRef } from "effect"

/** The views about the connected account: with no connection left they have nothing to show. */
const accountViewList = [
  "Account",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  "WalletSend",
  "WalletReceive",
  "Swap",
  "OnRamp",
] as const

/** The connect modal's views (§2). Later features add their views to this list. */
export const View = Schema.Literals([
  "Connect",
  "AllWallets",
  "ConnectingWalletConnectBasic",
  "ConnectingWalletConnect",
  "ConnectingExternal",
  "ConnectingSiwe",
  "ConnectingFarcaster",
  "SIWXSignMessage",
  "ApproveTransaction",
  // Reached from Account: the network list (wallet features of §1).
  "Networks",
  ...accountViewList,
])
export type View = typeof View.Type

export const accountViews: ReadonlySet<View> = new Set(accountViewList)

/**
 * What follows a finished wallet request (§2 "transaction stack"): go back one view, replace the flow
 * (back to before ConnectingSiwe, or close), or reset to a given view. A cancel always goes back.
 */
export type TransactionAction =
  | { readonly _tag: "GoBack" }
  | { readonly _tag: "Replace" }
  | { readonly _tag: "Reset"; readonly view: View }

export interface RouterState {
  readonly view: View
  readonly history: ReadonlyArray<View>
  readonly transactionStack: ReadonlyArray<TransactionAction>
}

export const initialRouterState: RouterState = { view: "Connect", history: ["Connect"], transactionStack: [] }

/** A transition that may ask the modal to close; the Router never closes it itself (Modal owns that). */
export interface RouterOutcome {
  readonly state: RouterState
  readonly closeModal: boolean
}

const stay = (state: RouterState): RouterOutcome => ({ state, closeModal: false })

export const push = (state: RouterState, view: View): RouterState =>
  view === state.view ? state : { ...state, view, history: [...state.history, view] }

export const replace = (state: RouterState, view: View): RouterState =>
  view === state.view ? state : { ...state, view, history: [...state.history.slice(0, -1), view] }

export const reset = (state: RouterState, view: View): RouterState => ({ ...state, view, history: [view] })

/** Going back closes the modal when one view remains or UnsupportedChain is anywhere in the history. */
export const goBack = (state: RouterState): RouterOutcome => {
  if (state.history.length <= 1 || state.history.includes("UnsupportedChain")) {
    return { state, closeModal: true }
  }
  const history = state.history.slice(0, -1)
  return stay({ ...state, history, view: history[history.length - 1] as View })
}

const goBackToIndex = (state: RouterState, index: number): RouterState => {
  const history = state.history.slice(0, index + 1)
  return { ...state, history, view: history[history.length - 1] as View }
}

export const pushTransaction = (state: RouterState, action: TransactionAction): RouterState => ({
  ...state,
  transactionStack: [...state.transactionStack, action],
})

/** Pops the latest wallet request and applies what its action says for this result. */
export const popTransaction = (state: RouterState, result: "success" | "cancel"): RouterOutcome => {
  const action = state.transactionStack[state.transactionStack.length - 1]
  if (action === undefined) return stay(state)
  const popped = { ...state, transactionStack: state.transactionStack.slice(0, -1) }
  if (result === "cancel" || action._tag === "GoBack") return goBack(popped)
  if (action._tag === "Reset") return stay(reset(popped, action.view))
  const siwe = popped.history.indexOf("ConnectingSiwe")
  return siwe > 0 ? stay(goBackToIndex(popped, siwe - 1)) : { state: popped, closeModal: true }
}

/** View history of the modal (§2). */
export class Router extends Context.Service<
  Router,
  {
    readonly state: SubscriptionRef.SubscriptionRef<RouterState>
    readonly push: (view: View) => Effect.Effect<void>
    readonly replace: (view: View) => Effect.Effect<void>
    readonly reset: (view: View) => Effect.Effect<void>
    /** Returns true when the caller (Modal) must close instead. */
    readonly goBack: Effect.Effect<boolean>
    readonly pushTransaction: (action: TransactionAction) => Effect.Effect<void>
    /** Returns true when the caller (Modal) must close. */
    readonly popTransaction: (result: "success" | "cancel") => Effect.Effect<boolean>
  }
>()("appkit/Router") {
  static readonly layer = Layer.effect(
    Router,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(initialRouterState)
      const set = (f: (s: RouterState) => RouterState) => SubscriptionRef.update(state, f)
      const outcome = (f: (s: RouterState) => RouterOutcome) =>
        SubscriptionRef.modify(state, (s) => {
          const next = f(s)
          return [next.closeModal, next.state] as const
        })
      return Router.of({
        state,
        push: (view) => set((s) => push(s, view)),
        replace: (view) => set((s) => replace(s, view)),
        reset: (view) => set((s) => reset(s, view)),
        goBack: outcome(goBack),
        pushTransaction: (action) => set((s) => pushTransaction(s, action)),
        popTransaction: (result) => outcome((s) => popTransaction(s, result)),
      })
    }),
  )
}
