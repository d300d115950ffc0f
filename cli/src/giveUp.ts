import { Clock, Duration, Effect } from "effect"
import { formatDuration } from "./duration"
import { CliError } from "./output"

/** How a wait that `--timeout` ended fails: `Timeout`, naming the bound as the user gave it ("… within 3 s"). */
export const timedOut = (ms: number, nothingHappened: string | (() => string)): CliError =>
  new CliError(
    `${typeof nothingHappened === "string" ? nothingHappened : nothingHappened()} within ${formatDuration(ms)}`,
    { code: "Timeout" },
  )

/**
 * One `--timeout` over a command's successive waits (the relay check, then each wallet request): its end is
 * fixed once, when it starts, and each wait is given what is left of it.
 */
export interface WaitBudget {
  /** The --timeout as the user gave it: a wait the budget ends names it whole. */
  readonly ms: number
  /** When it ends, on the Clock. */
  readonly endsAtMs: number
}

/** The budget of a `--timeout` of `ms`, starting now; none without one. */
export const startBudget = (ms: number | undefined): Effect.Effect<WaitBudget | undefined> =>
  ms === undefined
    ? Effect.succeed(undefined)
    : Effect.map(Clock.currentTimeMillis, (now) => ({ ms, endsAtMs: now + ms }))

/**
 * Bounds one wait by what is left of `budget`; when the budget ends it, the wait fails with
 * `expired(budget.ms)`. Without a budget the wait keeps its own bound.
 */
export const withinBudget =
  <E2>(budget: WaitBudget | undefined, expired: (ms: number) => E2) =>
  <A, E, R>(wait: Effect.Effect<A, E, R>): Effect.Effect<A, E | E2, R> =>
    budget === undefined
      ? wait
      : Effect.flatMap(Clock.currentTimeMillis, (now) =>
          Effect.timeoutOrElse(wait, {
            duration: Duration.millis(Math.max(0, budget.endsAtMs - now)),
            orElse: () => Effect.fail(expired(budget.ms)),
          }),
        )

/**
 * What every `--timeout` on a wait for the user does (a wallet to approve a pairing, a Farcaster client to
 * approve a sign-in): after `ms`, when given, the wait ends with `Timeout` and names how long it waited
 * ("No wallet approved within 3 s"; a function says it as things stand then). Without `ms` the wait keeps
 * its own bound.
 */
export const giveUpAfter =
  (ms: number | undefined, nothingHappened: string | (() => string)) =>
  <A, E, R>(wait: Effect.Effect<A, E, R>): Effect.Effect<A, E | CliError, R> =>
    Effect.flatMap(startBudget(ms), (budget) =>
      withinBudget(budget, (whole) => timedOut(whole, nothingHappened))(wait),
    )

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
