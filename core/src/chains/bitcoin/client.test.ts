import { afterEach, describe, expect, it, vi } from "vitest"
import { memoryWebStorage } from "../../storage/webStorage"
import { lazyBitcoinClient } from "./client"

type RuntimeModule = typeof import("./clientRuntime")

const options = () => ({ host: new EventTarget(), storage: memoryWebStorage() })

describe("createBitcoinClient's lazily loaded implementation", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("loads nothing until it is used, then once for every call", async () => {
    const load = vi.fn(() => import("./clientRuntime"))
    const client = lazyBitcoinClient(options(), load)
    expect(load).not.toHaveBeenCalled()
    const [wallets] = await Promise.all([client.wallets(), client.wallets()])
    expect(wallets.map((wallet) => wallet.name)).toEqual(["Xverse", "Unisat", "Leather", "OKX Wallet"])
    await client.disconnect()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("starts loading when the browser is idle, not before", async () => {
    let idle: (() => void) | undefined
    vi.stubGlobal("requestIdleCallback", (run: () => void) => {
      idle = run
      return 1
    })
    const load = vi.fn(() => import("./clientRuntime"))
    const client = lazyBitcoinClient(options(), load)
    expect(load).not.toHaveBeenCalled()
    idle?.()
    expect(load).toHaveBeenCalledTimes(1)
    await client.wallets()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("answers a failed load as an error result, and loads again on the next call", async () => {
    let attempts = 0
    const load = async (): Promise<RuntimeModule> => {
      attempts += 1
      if (attempts === 1) throw new Error("Failed to fetch dynamically imported module")
      return import("./clientRuntime")
    }
    const client = lazyBitcoinClient(options(), load)
    expect(await client.request("getAddresses", { purposes: ["payment"] })).toEqual({
      status: "error",
      error: {
        code: -32603,
        message: "The Bitcoin layer failed to load: Failed to fetch dynamically imported module",
      },
    })
    expect((await client.wallets()).length).toBe(4)
    expect(attempts).toBe(2)
  })
})
