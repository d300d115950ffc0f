// @vitest-environment happy-dom
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { act } from "react"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"
import ActivityTab from "./ActivityTab"

/** The activity list over a real AppKit and the fixture API's history. */
let api: FixtureApi
beforeAll(async () => {
  api = await startFixtureApi()
})
afterAll(() => api.close())
afterEach(() => vi.useRealTimers())

describe("ActivityTab", () => {
  it("moves its relative times on while it is open, with one timer stopped on unmount", async () => {
    const appKit = testAppKit({ apiUrl: api.url })
    await appKit.connect("io.test.wallet")
    await appKit.fetchTransactions()
    const newest = appKit.getState().transactions.transactions[0]
    expect(newest).toBeDefined()
    // 30 s after the newest entry was mined; only the clock and intervals are the test's (HTTP keeps its timers).
    vi.useFakeTimers({
      toFake: ["Date", "setInterval", "clearInterval"],
      now: Date.parse(newest?.metadata.minedAt as string) + 30_000,
    })
    const timersBefore = vi.getTimerCount()
    const { container, unmount } = await renderWith(appKit, <ActivityTab />)
    const label = () =>
      container.querySelector(`[data-hash="${newest?.metadata.hash}"] .appkit-muted`)?.textContent
    try {
      expect(label()).toMatch(/^now/)
      expect(vi.getTimerCount()).toBe(timersBefore + 1)
      await act(async () => {
        vi.advanceTimersByTime(60_000)
      })
      expect(label()).toMatch(/^1m ago/)
      await act(async () => {
        vi.advanceTimersByTime(59 * 60_000)
      })
      expect(label()).toMatch(/^1h ago/)
    } finally {
      unmount()
      await appKit.dispose()
    }
    expect(vi.getTimerCount()).toBe(timersBefore)
  })
})
