import { Duration, Effect } from "effect"
import { formatDuration } from "./duration"
import { CliError } from "./output"

/**
 * What every `--timeout` on a wait for the user does (a wallet to approve a pairing, a Farcaster client to
 * approve a sign-in): after `ms`, when given, the wait ends with `Timeout` and names how long it waited
 * ("No wallet approved within 3 s"; a function says it as things stand then). Without `ms` the wait keeps
 * its own bound.
 */
export const giveUpAfter =
  (ms: number | undefined, nothingHappened: string | (() => string)) =>
  <A, E, R>(wait: Effect.Effect<A, E, R>): Effect.Effect<A, E | CliError, R> =>
    ms === undefined
      ? wait
      : Effect.timeoutOrElse(wait, {
          duration: Duration.millis(ms),
          orElse: () =>
            Effect.fail(
              new CliError(
                `${typeof nothingHappened === "string" ? nothingHappened : nothingHappened()} within ${formatDuration(ms)}`,
                { code: "Timeout" },
              ),
            ),
        })

/**
 * `giveUpAfter` for a wait written as a promise (a line read from stdin, a mail sink polled, a core call):
 * `wait` gets a signal that aborts when the bound ends it, so it stops reading or polling; its own failure
 * passes through unchanged.
 */
export const giveUpWaiting = <A>(
  ms: number | undefined,
  nothingHappened: string,
  wait: (signal: AbortSignal) => PromiseLike<A>,
): Effect.Effect<A, unknown> =>
  Effect.tryPromise({ try: (signal) => wait(signal), catch: (error) => error }).pipe(
    giveUpAfter(ms, nothingHappened),
  )
