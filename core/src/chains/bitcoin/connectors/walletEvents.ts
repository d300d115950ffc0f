import type { BitcoinWalletEvent } from "./BitcoinConnector"

export type WalletEventListener = (event: BitcoinWalletEvent) => void

/**
 * A wallet's events as a listener set (a connector's `onEvent`): `subscribe` attaches the wallet's listeners
 * (translating each into a BitcoinWalletEvent, or nothing) and returns how to detach them. The wallet is
 * listened to while at least one listener is; the last one to stop detaches it. Nothing here throws: a
 * wallet whose listener API throws simply stays quiet, and a listener that throws does not keep the others
 * from the event (its error is reported the way a DOM event listener's is, not to the wallet).
 */
export const walletEventListeners = (
  subscribe: (emit: (event: BitcoinWalletEvent) => void) => () => void,
): ((listener: WalletEventListener) => () => void) => {
  const listeners = new Set<{ readonly listener: WalletEventListener }>()
  let detach: (() => void) | undefined
  const emit = (event: BitcoinWalletEvent) => {
    for (const { listener } of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
  return (listener) => {
    // One entry per call: the same function added twice is called twice and removed once per stop.
    const entry = { listener }
    listeners.add(entry)
    if (detach === undefined) {
      try {
        detach = subscribe(emit)
      } catch {
        detach = () => {}
      }
    }
    return () => {
      if (!listeners.delete(entry) || listeners.size > 0 || detach === undefined) return
      const stop = detach
      detach = undefined
      try {
        stop()
      } catch {
        // Detaching is best effort: the wallet may already be gone.
      }
    }
  }
}
