import { Cause, type Context, Effect, Exit, Layer, Scope } from "effect"
import type { Connector } from "../connectors/Connector"
import { InvalidAppKitOptionsError } from "../errors/options"
import { restoredAccountState } from "../state/Account"
import { initialAlertState } from "../state/Alert"
import { restoredConnectionState } from "../state/Connection"
import { restoredConnectorsState } from "../state/Connectors"
import { embeddedAuthStateOf } from "../state/EmbeddedAuth"
import { initialModalState } from "../state/Modal"
import { initialNamesState } from "../state/Names"
import { restoredNetworkState } from "../state/Network"
import { type AppKitOptions, resolveOptions } from "../state/Options"
import { initialPairingState } from "../state/Pairing"
import { initialRouterState } from "../state/Router"
import type { RestoredSlices } from "../state/restoredState"
import { initialSendState } from "../state/Send"
import { initialSiwxState } from "../state/Siwx"
import { initialSwapState } from "../state/Swap"
import { initialToastState } from "../state/Toast"
import { initialTransactionsState } from "../state/Transactions"
import { Storage } from "../storage/Storage"
import type { AppKitState } from "./AppKit"

/** What the state is restored from: the options, the connectors given at creation, whether a secure site is set. */
export interface StartInput {
  readonly options: AppKitOptions
  readonly connectors: ReadonlyArray<Connector> | undefined
  readonly embeddedAvailable: boolean
  /** The stored connections are reconnected at once (their status is "connecting" until then). */
  readonly reconnecting: boolean
}

/** The slices that depend on the options and storage, each by its service's own rule. */
export const restoredSlices = ({ options, connectors, embeddedAvailable, reconnecting }: StartInput) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const resolved = resolveOptions(options)
    const connection = yield* restoredConnectionState(storage, resolved.networks, reconnecting)
    return {
      options: resolved,
      network: yield* restoredNetworkState(resolved, storage),
      connection,
      account: yield* restoredAccountState(storage, connection.connections),
      connectors: yield* restoredConnectorsState(connectors ?? [], storage),
      embedded: embeddedAuthStateOf(embeddedAvailable),
    } satisfies RestoredSlices
  })

/** The whole first state: the restored slices, and every other service's initial value (the same objects). */
export const firstState = (slices: RestoredSlices): AppKitState => ({
  ...slices,
  router: initialRouterState,
  modal: initialModalState,
  send: initialSendState,
  transactions: initialTransactionsState,
  toast: initialToastState,
  alert: initialAlertState,
  names: initialNamesState,
  swap: initialSwapState,
  siwx: initialSiwxState,
  pairing: initialPairingState,
})

/** The usual cause: a storage, siwx or api layer that needs async work to build (getState must work at once). */
export const notBuiltSynchronously = (cause: Cause.Cause<unknown>) =>
  new InvalidAppKitOptionsError({
    issue: `the services could not be built synchronously (${String(Cause.squash(cause))})`,
  })

/** An instance's storage, built once (the services get this one), and the state restored from it. */
export interface StartState {
  readonly storage: Context.Context<Storage>
  readonly slices: RestoredSlices
  readonly state: AppKitState
  /** Releases the storage (with the instance). */
  readonly close: () => Promise<void>
}

/**
 * Builds the storage and reads the first state synchronously: only this much runs before createAppKit
 * returns. A storage layer that needs async work fails here, at once: getState must be right from the start.
 */
export const startState = (storage: Layer.Layer<Storage>, input: StartInput): StartState => {
  const scope = Scope.makeUnsafe()
  const close = () => Effect.runPromise(Scope.close(scope, Exit.void))
  const exit = Effect.runSyncExit(
    Effect.flatMap(Layer.buildWithScope(storage, scope), (context) =>
      Effect.map(Effect.provideContext(restoredSlices(input), context), (slices) => ({ context, slices })),
    ),
  )
  if (Exit.isFailure(exit)) {
    void close()
    throw notBuiltSynchronously(exit.cause)
  }
  const { context, slices } = exit.value
  return { storage: context, slices, state: firstState(slices), close }
}
