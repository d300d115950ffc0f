import { Context, Effect, Option } from "effect"
import { ConnectionError } from "../errors/connection"

/** The Solana adapter module (`@appkit/core/solana`), as its lazy import gives it. */
export type SolanaModule = typeof import("./solana/index")

/**
 * Solana in an AppKit instance: how to load the adapter, given by the app (`solanaAdapter: loadSolanaAdapter`).
 * Kept out of the core's own graph on purpose: only an app that passes the loader bundles Solana (lazily),
 * so an EVM-only app's bundle holds no Solana code and no chunk split for it.
 */
export class SolanaSupport extends Context.Service<
  SolanaSupport,
  { readonly load: () => Promise<SolanaModule> }
>()("appkit/SolanaSupport") {}

/** The adapter, loaded on first use; 'Chain adapter not found' when the app did not add Solana support. */
export const loadSolana: Effect.Effect<SolanaModule, ConnectionError> = Effect.flatMap(
  Effect.serviceOption(SolanaSupport),
  (support) =>
    Option.isNone(support)
      ? Effect.fail(new ConnectionError({ reason: "chainAdapterNotFound" }))
      : Effect.promise(support.value.load),
)
