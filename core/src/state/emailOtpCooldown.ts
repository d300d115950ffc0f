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
    // too; a send that fails gives it back.
    yield* SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt: now }))
    return yield* send.pipe(
      Effect.onError(() => SubscriptionRef.update(state, (s) => ({ ...s, emailOtpSentAt }))),
    )
  })
