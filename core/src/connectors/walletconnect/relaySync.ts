import type SignClient from "@walletconnect/sign-client"
import { Duration, Effect } from "effect"

/** How long a dApp process waits for the relay to hand over what happened while it was away. */
export const relaySyncTimeout = Duration.seconds(5)
/** Handover is done once no message has arrived for this long after the subscriptions stand. */
const quietPeriod = Duration.millis(200)
const pollInterval = Duration.millis(25)

/**
 * Lets sign-client take the messages the relay kept for this client's sessions while no process of it ran
 * (a wallet's session_update or session_delete), so the caller then acts on each session as it now is.
 * The relay delivers them once the session topics are subscribed again; sign-client applies them as they
 * arrive. True when that handover happened, false when the relay did not answer within the bound (the
 * stored sessions are then as last known).
 */
export const takeQueuedEvents = (signClient: SignClient): Effect.Effect<boolean> => {
  const topics = signClient.session.getAll().map((session) => session.topic)
  if (topics.length === 0) return Effect.succeed(true)
  const relayer = signClient.core.relayer
  let arrived = 0
  const count = () => {
    arrived++
  }
  // A session the wallet ended is unsubscribed as soon as sign-client applies the deletion.
  const ended = (topic: string) => !signClient.session.getAll().some((session) => session.topic === topic)
  const subscribed = () =>
    relayer.connected && topics.every((topic) => relayer.subscriber.topics.includes(topic) || ended(topic))
  const handover = Effect.gen(function* () {
    yield* Effect.tryPromise(() => relayer.transportOpen())
    while (!subscribed()) yield* Effect.sleep(pollInterval)
    let seen = -1
    while (seen !== arrived) {
      seen = arrived
      yield* Effect.sleep(quietPeriod)
    }
    return true
  })
  return Effect.acquireUseRelease(
    Effect.sync(() => relayer.on("relayer_message", count)),
    () => handover,
    () => Effect.sync(() => relayer.off("relayer_message", count)),
  ).pipe(
    Effect.timeoutOrElse({ duration: relaySyncTimeout, orElse: () => Effect.succeed(false) }),
    Effect.orElseSucceed(() => false),
  )
}
