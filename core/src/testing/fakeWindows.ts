import type { FramePort } from "../connectors/embedded/FrameMessenger"
import type { WindowMessage } from "../connectors/embedded/messageGuard"

/**
 * Test support only (not exported): windows that exchange postMessage the way browsers do — the receiver
 * sees a structured clone of the data, the sender's origin and the sender's window as `source`, and a message
 * whose target origin is not the receiver's is dropped — so the frame protocol's origin checks run for real in
 * Node, without a browser.
 */
export class FakeWindow {
  readonly #listeners = new Set<(message: WindowMessage) => void>()

  constructor(readonly origin: string) {}

  /** What `this.postMessage(data, targetOrigin)` called from `from`'s script delivers. */
  deliver(data: unknown, targetOrigin: string, from: FakeWindow): void {
    if (targetOrigin !== "*" && targetOrigin !== this.origin) return
    const message: WindowMessage = { data: structuredClone(data), origin: from.origin, source: from }
    for (const listener of [...this.#listeners]) listener(message)
  }

  subscribe(listener: (message: WindowMessage) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

/** The dApp side's port onto a frame window, as browserFrame.ts makes one from an iframe. */
export const fakeFramePort = (dapp: FakeWindow, frame: FakeWindow): FramePort => ({
  post: (message, targetOrigin) => frame.deliver(message, targetOrigin, dapp),
  subscribe: (listener) => dapp.subscribe(listener),
  frameWindow: frame,
})
