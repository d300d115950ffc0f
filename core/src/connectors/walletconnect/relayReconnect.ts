import { Clock, Deferred, Duration, Effect, PubSub, Queue, Result, type Scope } from "effect"
import { WebSocketReconnect } from "../../config/constants"
import { WalletConnectError } from "./errors"

/**
 * The §9 WebSocket rule for the WalletConnect transport: when the relay drops, reconnect up to
 * `WebSocketReconnect.maxAttempts` times, `WebSocketReconnect.delay` apart, then give up with a clear error
 * instead of retrying forever.
 *
 * sign-client's relayer (@walletconnect/core 2.25) reconnects by itself: after a drop it tries 5 times
 * 1, 2, 3, 4 and 5 s apart, and then again on every 5 s heartbeat, for ever. Every one of those paths is
 * gated on its public `transportExplicitlyClosed` flag, so the supervisor takes the flag over: from a drop
 * until it has reconnected (or after giving up) the relayer reads "closed" and stays put, and each
 * attempt of the supervisor lets exactly one of the relayer's own connect tries through.
 */

/** The part of sign-client's relayer the supervisor drives (public in @walletconnect/core 2.25). */
export interface SupervisedRelayer {
  transportExplicitlyClosed: boolean
  readonly connected: boolean
  transportOpen(): Promise<void>
  on(event: string, listener: () => void): void
}

/** sign-client's relayer event for a dropped socket. */
const relayerDisconnect = "relayer_disconnect"

/**
 * One attempt's bound: sign-client gives a socket that never opens 15 s, then pauses 1 s before it reads
 * the flag that ends the attempt.
 */
const reconnectAttemptTimeout = Duration.seconds(20)

export interface RelaySupervisor {
  /** Puts a started relayer under the rule; call once, right after sign-client is initialised. */
  readonly attach: (relayer: SupervisedRelayer) => void
  /**
   * Succeeds at once unless the relay dropped; after a drop, waits for the reconnection (running a new one
   * after an earlier give-up) and fails with the give-up error when the relay does not come back.
   */
  readonly ensureConnected: Effect.Effect<void, WalletConnectError>
  /** Runs `effect`, failing it with the give-up error if the relay is given up on meanwhile. */
  readonly whileReachable: <A, E, R>(
    effect: Effect.Effect<A, E, R>,
  ) => Effect.Effect<A, E | WalletConnectError, R>
}

export const makeRelaySupervisor = (relayUrl: string): Effect.Effect<RelaySupervisor, never, Scope.Scope> =>
  Effect.gen(function* () {
    let relayer: SupervisedRelayer | undefined
    /** The supervisor holds the transport: the relayer must not reconnect on its own. */
    let held = false
    /** The supervisor's attempt is under way and the relayer's next connect try may go ahead. */
    let granted = false
    let passNextRead = false
    /** The reconnection under way, if any: everyone who needs the relay meanwhile waits for its outcome. */
    let round: Deferred.Deferred<void, WalletConnectError> | undefined
    const drops = yield* Queue.unbounded<void>()
    const giveUps = yield* PubSub.unbounded<WalletConnectError>()

    const gaveUp = new WalletConnectError({
      reason: "unavailable",
      detail: `the relay at ${relayUrl} did not come back after ${WebSocketReconnect.maxAttempts} reconnection attempts ${Duration.format(WebSocketReconnect.delay)} apart; check that it is running, then try again`,
    })

    /** One try of the relayer's own connect(): its next read of the flag after resetting it passes. */
    const attempt = (target: SupervisedRelayer) =>
      Effect.tryPromise({
        try: () => {
          granted = true
          return target.transportOpen().finally(() => {
            granted = false
            passNextRead = false
          })
        },
        catch: (cause) => cause,
      }).pipe(
        Effect.timeoutOrElse({ duration: reconnectAttemptTimeout, orElse: () => Effect.fail("timed out") }),
        Effect.result,
      )

    /**
     * Attempt n is due `delay × n` after the round starts (at the drop, or at the request that follows a
     * give-up), or as soon as attempt n-1 has ended if that is later.
     */
    const reconnect = (target: SupervisedRelayer) =>
      Effect.gen(function* () {
        held = true
        const startedAt = yield* Clock.currentTimeMillis
        for (let n = 1; n <= WebSocketReconnect.maxAttempts; n++) {
          const due = startedAt + n * Duration.toMillis(WebSocketReconnect.delay)
          yield* Effect.sleep(Duration.millis(Math.max(0, due - (yield* Clock.currentTimeMillis))))
          if (Result.isSuccess(yield* attempt(target))) {
            held = false
            return
          }
        }
        yield* PubSub.publish(giveUps, gaveUp)
        return yield* gaveUp
      })

    /** Waits out (or runs) the reconnection after a drop; nothing to do while the supervisor is not holding. */
    const reconnectIfDropped = Effect.suspend(() => {
      if (round !== undefined) return Deferred.await(round)
      if (relayer === undefined || !held) return Effect.void
      const thisRound = Deferred.makeUnsafe<void, WalletConnectError>()
      round = thisRound
      return reconnect(relayer).pipe(
        Effect.onExit((exit) => {
          round = undefined
          return Deferred.done(thisRound, exit)
        }),
      )
    })

    // A drop starts a reconnection even when nobody is waiting on the relay, as a live socket would.
    yield* Effect.forkScoped(
      Effect.forever(Effect.andThen(Queue.take(drops), Effect.ignore(reconnectIfDropped))),
    )

    const attach = (target: SupervisedRelayer) => {
      let explicitlyClosed = target.transportExplicitlyClosed
      Object.defineProperty(target, "transportExplicitlyClosed", {
        configurable: true,
        enumerable: true,
        get: () => {
          if (passNextRead) {
            passNextRead = false
            granted = false
            return false
          }
          return explicitlyClosed || held
        },
        // connect() clears the flag and reads it back at the head of its loop, with no await between.
        set: (value: boolean) => {
          explicitlyClosed = value
          if (!value && granted) passNextRead = true
        },
      })
      target.on(relayerDisconnect, () => {
        // transportClose() marks the close as explicit before it disconnects: nothing to reconnect then.
        if (explicitlyClosed) return
        // Synchronously, before the relayer checks the flag to schedule its own reconnection.
        held = true
        Queue.offerUnsafe(drops, undefined)
      })
      relayer = target
    }

    return {
      attach,
      ensureConnected: reconnectIfDropped,
      whileReachable: (effect) =>
        Effect.scoped(
          Effect.gen(function* () {
            const subscription = yield* PubSub.subscribe(giveUps)
            return yield* Effect.raceFirst(effect, Effect.flatMap(PubSub.take(subscription), Effect.fail))
          }),
        ),
    } satisfies RelaySupervisor
  })
