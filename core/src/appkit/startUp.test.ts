import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { testOptions } from "../testing/testkit"
import { createAppKit } from "./createAppKit"

describe("the project's remote configuration at start-up (fixture API)", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi({ port: 0 })
  })
  afterAll(() => api.close())
  const local = {
    ...testOptions,
    reconnect: false,
    features: { history: false, swaps: false, email: false },
    socials: ["google"] as const,
  }

  it("applies the dashboard's features over the local options once ready, and keeps the local ones when it cannot load", async () => {
    const instance = createAppKit({ ...local, apiUrl: api.url })
    await instance.ready
    // The fixture project turns activity, swaps and every social login (email included) on.
    expect(instance.getState().options.features).toMatchObject({ history: true, swaps: true, email: true })
    expect(instance.getState().options.socials).toEqual([
      "google",
      "x",
      "discord",
      "farcaster",
      "github",
      "apple",
      "facebook",
    ])
    await instance.dispose()

    api.faults.set("/appkit/v1/config", { status: 503 })
    const offline = createAppKit({ ...local, apiUrl: api.url })
    await offline.ready
    expect(offline.getState().options.features).toMatchObject({ history: false, swaps: false, email: false })
    expect(offline.getState().options.socials).toEqual(["google"])
    await offline.dispose()
    api.faults.clear()
  }, 30_000)

  it("in a page, loads and applies the remote configuration only once the page is idle after its first paint", async () => {
    const idleCallbacks: Array<() => void> = []
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idleCallbacks.push(run))
    try {
      const instance = createAppKit({ ...local, apiUrl: api.url })
      let ready = false
      void instance.ready.then(() => (ready = true))
      await new Promise((resolve) => setImmediate(resolve))
      // The first paint has the local options; nothing of the start-up has run yet (it waits for the page to
      // be idle, as the state services' watchers do).
      expect(idleCallbacks.length).toBeGreaterThan(0)
      expect(ready).toBe(false)
      expect(instance.getState().options.features).toMatchObject({ history: false, swaps: false })
      for (const run of idleCallbacks) run()
      await instance.ready
      expect(instance.getState().options.features).toMatchObject({ history: true, swaps: true, email: true })
      await instance.dispose()
    } finally {
      vi.unstubAllGlobals()
    }
  }, 30_000)

  const analyticsPosts = () => api.requests().filter((request) => request.path === "/e")
  const untilPosted = async (count: number) => {
    for (let wait = 0; wait < 200 && analyticsPosts().length < count; wait++)
      await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const page = { name: "Shop", description: "", url: "http://127.0.0.1:5173/shop", icons: [] }

  it("sends the modal's events (never MODAL_CREATED) when the analytics config enables it", async () => {
    const before = analyticsPosts().length
    const instance = createAppKit({ ...testOptions, reconnect: false, apiUrl: api.url, metadata: page })
    await instance.ready
    await instance.open()
    await instance.close()
    await untilPosted(before + 2)
    const sent = analyticsPosts().slice(before)
    expect(sent.map((request) => (request.body as { props: { event: string } }).props.event)).toEqual([
      "MODAL_OPEN",
      "MODAL_CLOSE",
    ])
    expect(sent[0]?.body).toMatchObject({ url: page.url, domain: "127.0.0.1:5173" })
    expect(sent[0]?.query).toMatchObject({ projectId: testOptions.projectId, st: "appkit" })
    await instance.dispose()
  }, 30_000)

  it("sends nothing when the analytics feature is off, or the analytics config cannot be read", async () => {
    const before = analyticsPosts().length
    const off = createAppKit({
      ...testOptions,
      reconnect: false,
      apiUrl: api.url,
      metadata: page,
      features: { analytics: false },
    })
    await off.ready
    await off.open()
    await off.dispose()
    api.faults.set("/getAnalyticsConfig", { status: 500 })
    const unknown = createAppKit({ ...testOptions, reconnect: false, apiUrl: api.url, metadata: page })
    await unknown.ready
    await unknown.open()
    // A bound in place of a signal that never comes: an event, if one were sent, arrives within it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await unknown.dispose()
    api.faults.clear()
    expect(analyticsPosts().length).toBe(before)
  }, 30_000)

  // That analytics sends nothing after its 403 (so the alert comes once) is Analytics.test's.
  it("shows 'Invalid App Configuration' when analytics answers 403, until dismissed", async () => {
    api.faults.set("/e", { status: 403 })
    const instance = createAppKit({ ...testOptions, reconnect: false, apiUrl: api.url, metadata: page })
    await instance.ready
    expect(instance.getState().alert.key).toBeUndefined()
    const before = analyticsPosts().length
    const raised = new Promise<void>((resolve) => {
      const unsubscribe = instance.subscribe(
        (state) => state.alert.key,
        (key) => {
          if (key === undefined) return
          unsubscribe()
          resolve()
        },
      )
    })
    await instance.open()
    await raised
    expect(instance.getState().alert).toEqual({
      key: "originNotAllowed",
      shortMessage: "Invalid App Configuration",
      longMessage: "This origin is not on the project's allowlist - update the project configuration",
    })
    expect(analyticsPosts().length).toBe(before + 1)
    await instance.dismissAlert()
    expect(instance.getState().alert.key).toBeUndefined()
    await instance.dispose()
    api.faults.clear()
  }, 30_000)
})
