// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest"
import { memoryWebStorage } from "../../storage/webStorage"
import { promiseState } from "../../testing/promiseState.testSupport"
import { makeBitcoinClient } from "./clientRuntime"
import { selectorEvents, selectorTag } from "./selection/selectorMachine"
import { fakeRequestApi } from "./testing/fakeWallets"

// Defined once for the whole file, as react-ui's defineBitcoinWalletSelector would (a registry never forgets).
customElements.define(selectorTag, class extends HTMLElement {})

/** Starts a selection; `first` is what it comes to first: the prompt going out to the page (it may at once), or the answer. */
const select = (host: EventTarget) => {
  const opened = new Promise<string>((resolve) =>
    host.addEventListener(selectorEvents.open, () => resolve("prompt opened")),
  )
  const selection = makeBitcoinClient({ host }).selectProvider()
  const answered = selection.then(
    (id) => `selected ${id}`,
    (error: Error) => error.message,
  )
  return { selection, first: Promise.race([opened, answered]) }
}

describe("the Bitcoin client's window selector", () => {
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it("fails at once with 'Failed to detect the wallet provider selector.' when the element is defined but on no page", async () => {
    expect(await select(new EventTarget()).first).toBe("Failed to detect the wallet provider selector.")
  })

  it("prompts through the element once one is on the page", async () => {
    const host = new EventTarget()
    document.body.append(document.createElement(selectorTag))
    const { selection, first } = select(host)
    expect(await first).toBe("prompt opened")
    host.dispatchEvent(new CustomEvent(selectorEvents.cancel))
    await expect(selection).rejects.toMatchObject({ reason: "providerSelectionFailed" })
  })

  it("finds the element inside a shadow root (an app that renders into one)", async () => {
    const host = new EventTarget()
    const app = document.createElement("div")
    document.body.append(app)
    const inner = app.attachShadow({ mode: "open" }).appendChild(document.createElement("section"))
    inner.attachShadow({ mode: "open" }).append(document.createElement(selectorTag))
    const { selection, first } = select(host)
    expect(await first).toBe("prompt opened")
    host.dispatchEvent(new CustomEvent(selectorEvents.select, { detail: "unisat" }))
    await expect(selection).resolves.toBe("unisat")
  })

  it("an element removed while the prompt is open fails the request within a second: the selector is gone", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] })
    const host = new EventTarget()
    const selector = document.createElement(selectorTag)
    document.body.append(selector)
    const { selection, first } = select(host)
    expect(await first).toBe("prompt opened")
    const state = promiseState(selection)
    selector.remove()
    await vi.advanceTimersByTimeAsync(999)
    expect(state()).toEqual({ settled: "pending" })
    await vi.advanceTimersByTimeAsync(1)
    expect(state()).toMatchObject({
      settled: "rejected",
      error: { reason: "selectorNotDetected", message: "Failed to detect the wallet provider selector." },
    })
  })
})

describe("the Bitcoin client's options", () => {
  afterEach(() => vi.useRealTimers())

  it("bounds each wallet call by `timeout`, in milliseconds, with the §8 result", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    const wallet = fakeRequestApi(() => new Promise(() => {}))
    const host = Object.assign(new EventTarget(), {
      DevWallet: wallet.provider,
      btc_providers: [{ id: "DevWallet", name: "Dev Wallet", icon: "" }],
    })
    const storage = memoryWebStorage(new Map([["sats-connect_defaultProvider", "DevWallet"]]))
    const client = makeBitcoinClient({ host, storage, timeout: 2_000 })
    const reply = promiseState(client.request("getAddresses", { purposes: ["payment"] }))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(reply()).toEqual({ settled: "pending" })
    await vi.advanceTimersByTimeAsync(1)
    expect(reply()).toEqual({
      settled: "resolved",
      value: {
        status: "error",
        error: { code: -32603, message: "The wallet did not answer getAddresses within 2 s" },
      },
    })
    expect(wallet.calls.map((call) => call.method)).toEqual(["getAddresses"])
  })
})
