import { Effect, References } from "effect"

/**
 * Runs a core effect with the core's log lines switched off. They are developer notes for a browser console
 * (§8 "logged only", e.g. 'WagmiAdapter:estimateGas - error estimating gas'); Effect's default logger writes
 * them to stdout, where the CLI's output contract allows only documents, and the failure itself already
 * reaches the user as the command's one error line.
 */
export const runCore = <A, E>(effect: Effect.Effect<A, E>): Promise<A> => Effect.runPromise(quiet(effect))

/** The effect with the core's log lines switched off, for one that runs outside `runCore` too. */
export const quiet = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  effect.pipe(Effect.provideService(References.MinimumLogLevel, "None"))
