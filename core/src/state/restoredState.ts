import { Context, Effect, Option } from "effect"
import type { AccountState } from "../domain/account"
import type { NetworkState } from "../domain/network"
import type { ConnectorsState } from "./Connectors"
import type { ConnectionState } from "./connectionContext"
import type { EmbeddedAuthState } from "./EmbeddedAuth"
import type { ResolvedOptions } from "./Options"

/** The state slices whose first value depends on the options or on what storage holds (after a reload). */
export interface RestoredSlices {
  readonly options: ResolvedOptions
  readonly network: NetworkState
  readonly connection: ConnectionState
  readonly account: AccountState
  readonly connectors: ConnectorsState
  readonly embedded: EmbeddedAuthState
}

/**
 * Those first values, computed before the services are built (createAppKit shows them before its first paint,
 * then builds the services later). Each service starts from its slice here, the very same object, so the state
 * read before the build is the state after it; without this service each computes its own with the same code.
 */
export class RestoredState extends Context.Service<RestoredState, RestoredSlices>()("appkit/RestoredState") {}

/** A service's first value: its slice of RestoredState when one is provided, else `compute` (the same rule). */
export const restoredOr = <K extends keyof RestoredSlices, E, R>(
  key: K,
  compute: Effect.Effect<RestoredSlices[K], E, R>,
): Effect.Effect<RestoredSlices[K], E, R> =>
  Effect.flatMap(Effect.serviceOption(RestoredState), (restored) =>
    Option.isSome(restored) ? Effect.succeed(restored.value[key]) : compute,
  )
