import { Effect, Queue, Stream } from "effect"
import type { BitcoinWalletEvent } from "./BitcoinConnector"

/**
 * A wallet's events as a stream: `subscribe` attaches the wallet's listeners (translating each into a
 * BitcoinWalletEvent, or nothing) and returns how to detach them, which runs when the stream ends.
 */
export const walletEventStream = (
  subscribe: (emit: (event: BitcoinWalletEvent) => void) => () => void,
): Stream.Stream<BitcoinWalletEvent> =>
  Stream.callback<BitcoinWalletEvent>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        try {
          return subscribe((event) => void Queue.offerUnsafe(queue, event))
        } catch {
          // A wallet whose listener API throws has no events to give; the stream simply stays quiet.
          return () => {}
        }
      }),
      (unsubscribe) =>
        Effect.sync(() => {
          try {
            unsubscribe()
          } catch {
            // Detaching is best effort: the wallet may already be gone.
          }
        }),
    ),
  )
