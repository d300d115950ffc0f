// @vitest-environment happy-dom
import { describe, expect, it } from "vitest"
import { mountSecureFrame } from "./browserFrame"
import type { WindowMessage } from "./messageGuard"

const SITE = "https://secure.example"

/** A message as the frame's window posts it to the dApp's (the event's origin and source are the frame's). */
const postFromFrame = (data: unknown) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin: SITE }))

describe("the page's secure frame (mountSecureFrame)", () => {
  it("keeps what the frame says before anyone listens: its 'ready' may come before the messenger's code has loaded", () => {
    const frame = mountSecureFrame(document, `${SITE}/`)
    try {
      postFromFrame({ kind: "ready" })
      const heard: Array<unknown> = []
      const unsubscribe = frame.port.subscribe((message: WindowMessage) => void heard.push(message.data))
      expect(heard).toEqual([{ kind: "ready" }])
      postFromFrame({ kind: "reply" })
      expect(heard).toEqual([{ kind: "ready" }, { kind: "reply" }])
      unsubscribe()
      postFromFrame({ kind: "late" })
      expect(heard).toHaveLength(2)
      // Kept once: a later listener hears only what comes after it.
      const later: Array<unknown> = []
      frame.port.subscribe((message: WindowMessage) => void later.push(message.data))
      expect(later).toEqual([])
    } finally {
      frame.remove()
    }
  })

  it("keeps a bounded number of early messages: a page flooding the window before the wallet loads gains nothing", () => {
    const frame = mountSecureFrame(document, SITE)
    try {
      for (let index = 0; index < 1000; index++) postFromFrame({ index })
      const heard: Array<unknown> = []
      frame.port.subscribe((message: WindowMessage) => void heard.push(message.data))
      expect(heard).toHaveLength(64)
      expect(heard[0]).toEqual({ index: 0 })
    } finally {
      frame.remove()
    }
  })
})
