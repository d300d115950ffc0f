import { describe, expect, it } from "vitest"
import { testAppKit } from "../testing/appKit"
import { createEventStore, eventsBetween } from "./events"

describe("AppKit events", () => {
  it("name what each state change stands for, in order", async () => {
    const appKit = testAppKit()
    const store = createEventStore(appKit, () => 42)
    const seen: Array<string> = []
    const stop = store.subscribe(() => seen.push(store.getSnapshot()?.data.event ?? ""))
    await appKit.open()
    await appKit.connect("io.test.wallet")
    await appKit.switchNetwork("eip155:8453")
    await appKit.close()
    await appKit.disconnect()
    expect(seen).toEqual([
      "MODAL_OPEN",
      "CONNECT_SUCCESS",
      "SWITCH_NETWORK",
      "MODAL_CLOSE",
      "DISCONNECT_SUCCESS",
    ])
    expect(store.getSnapshot()).toEqual({
      timestamp: 42,
      data: { type: "track", event: "DISCONNECT_SUCCESS" },
    })
    stop()
    // Without subscribers the store stops listening: nothing more is recorded.
    await appKit.open()
    expect(store.getSnapshot()?.data.event).toBe("DISCONNECT_SUCCESS")
    await appKit.dispose()
  })

  it("a change that shows nothing new is no event", async () => {
    const appKit = testAppKit()
    const before = appKit.getState()
    await appKit.showToast({ message: "hi", variant: "info" })
    expect(eventsBetween(before, appKit.getState())).toEqual([])
    await appKit.dispose()
  })
})
