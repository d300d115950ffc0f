import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { afterPageIdle, pageIdleTimeoutMs, whenPageIdle } from "./whenPageIdle"

/** A page's requestIdleCallback that runs nothing until the test says the page is idle. */
const stubIdleCallback = () => {
  const pending: Array<{ readonly run: () => void; readonly timeout: number }> = []
  vi.stubGlobal("requestIdleCallback", (run: () => void, options: { timeout: number }) => {
    pending.push({ run, timeout: options.timeout })
    return pending.length
  })
  return pending
}

/** Whether `promise` has settled once the pending microtasks and one macrotask turn have run. */
const settledSoon = async (promise: Promise<unknown>) => {
  let settled = false
  void promise.then(() => (settled = true))
  await new Promise((resolve) => setImmediate(resolve))
  return settled
}

describe("whenPageIdle", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("settles at once outside a page (no requestIdleCallback)", async () => {
    vi.stubGlobal("requestIdleCallback", undefined)
    expect(await settledSoon(whenPageIdle())).toBe(true)
  })

  it("in a page, waits for the idle callback, bounded by the idle timeout", async () => {
    const pending = stubIdleCallback()
    const idle = whenPageIdle()
    expect(await settledSoon(idle)).toBe(false)
    expect(pending.map((each) => each.timeout)).toEqual([pageIdleTimeoutMs])
    pending[0]?.run()
    expect(await settledSoon(idle)).toBe(true)
  })

  it("runs an effect only once the page is idle", async () => {
    const pending = stubIdleCallback()
    let ran = false
    const done = Effect.runPromise(afterPageIdle(Effect.sync(() => (ran = true))))
    expect(await settledSoon(done)).toBe(false)
    expect(ran).toBe(false)
    pending[0]?.run()
    expect(await settledSoon(done)).toBe(true)
    expect(ran).toBe(true)
  })
})
