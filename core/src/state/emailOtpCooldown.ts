import { Clock, Duration, Effect, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import { EmailCooldownError } from "../errors/embedded"
import type { ConnectionState } from "./connectionContext"

/**
 * Runs `send` unless an email code went out less than 30 s ago ('Please try again after {n} seconds'). The time
 * of the last code is the connection state's `emailOtpSentAt`; only the embedded wallet's email flows send codes,
 * so this loads with them rather than with the app.
 */
export const requestEmailOtp = <A, E, R>(
  state: SubscriptionRef.SubscriptionRef<ConnectionState>,
  send: Effect.Effect<A, E, R>,
): Effect.Effect<A, E | EmailCooldownError, R> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const { emailOtpSentAt } = yield* SubscriptionRef.get(state)
    const remaining =
      emailOtpSentAt === undefined ? 0 : emailOtpSentAt + Duration.toMillis(Timings.emailLoginCooldown) - now
    if (remaining > 0) return yield* new EmailCooldownError({ seconds: Math.ceil(remaining / 1000) })
    // The slot is taken before sending, so a second click while the first code is on its way is refused
    // too; a send that fails gives it back. A send that succeeds counts from its answer: the site counts its
    // own 30 s from when the request reached it, so the next code is never allowed here before it is there.
    yield* SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt: now }))
    return yield* send.pipe(
      Effect.onExit((exit) =>
        Effect.flatMap(Clock.currentTimeMillis, (answeredAt) =>
          SubscriptionRef.update(state, (s) => ({
            ...s,
            emailOtpSentAt: exit._tag === "Success" ? answeredAt : emailOtpSentAt,
          })),
        ),
      ),
    )
  })
