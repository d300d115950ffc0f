import { Chunk, Effect, Fiber, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { discoverInjectedProviders, watchAnnouncedProviders } from "./eip6963"

const icon = "data:image/svg+xml;base64,PHN2Zy8+"
const provider = (name: string) => ({ name, request: async () => null })

/** A wallet as an extension injects it: answers every request event with its announcement. */
const installWallet = (target: EventTarget, info: Record<string, unknown>, walletProvider: unknown) => {
  const announce = () =>
    target.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", { detail: { info, provider: walletProvider } }),
    )
  target.addEventListener("eip6963:requestProvider", announce)
  announce()
}

const wallet = (rdns: string, uuid: string) => ({ uuid, name: rdns, icon, rdns })

describe("EIP-6963 discovery", () => {
  it("collects every announced wallet with its info, de-duplicated by uuid and rdns", async () => {
    const target = new EventTarget()
    const first = provider("first")
    installWallet(target, wallet("io.metamask", "u-1"), first)
    installWallet(target, wallet("io.metamask", "u-2"), provider("second copy")) // injected twice
    installWallet(target, wallet("com.example.wallet", "u-3"), provider("example"))
    installWallet(target, wallet("com.example.other", "u-1"), provider("reused uuid"))

    const { announced, legacy } = await Effect.runPromise(discoverInjectedProviders(target))
    expect(announced.map((entry) => entry.info.rdns)).toEqual(["io.metamask", "com.example.wallet"])
    expect(announced[0]?.provider).toBe(first)
    expect(announced[0]?.info).toEqual({ uuid: "u-1", name: "io.metamask", icon, rdns: "io.metamask" })
    expect(legacy).toBeUndefined()
  })

  it("ignores malformed announcements (any script on the page can dispatch one)", async () => {
    const target = new EventTarget()
    installWallet(target, { uuid: "u", name: "No icon", rdns: "a.b" }, provider("x"))
    installWallet(target, { ...wallet("a.c", "u2"), icon: "https://evil.example/icon.png" }, provider("x"))
    installWallet(target, wallet("a.d", "u3"), { notAProvider: true })
    installWallet(target, { ...wallet("not dns", "u4") }, provider("x"))
    const { announced } = await Effect.runPromise(discoverInjectedProviders(target))
    expect(announced).toEqual([])
  })

  it("reports a plain window.ethereum unless a wallet announced that same provider", async () => {
    const legacyProvider = provider("legacy")
    const target = Object.assign(new EventTarget(), { ethereum: legacyProvider })
    expect(await Effect.runPromise(discoverInjectedProviders(target))).toEqual({
      announced: [],
      legacy: legacyProvider,
    })
    // Another wallet announcing does not hide the one that only injected window.ethereum.
    installWallet(target, wallet("io.metamask", "u-1"), provider("announced"))
    const beside = await Effect.runPromise(discoverInjectedProviders(target))
    expect(beside.legacy).toBe(legacyProvider)
    expect(beside.announced).toHaveLength(1)
    // The wallet behind window.ethereum announces it too: it is that wallet, reported once.
    installWallet(target, wallet("com.example.legacy", "u-2"), legacyProvider)
    const found = await Effect.runPromise(discoverInjectedProviders(target))
    expect(found.legacy).toBeUndefined()
    expect(found.announced).toHaveLength(2)
    const broken = Object.assign(new EventTarget(), { ethereum: { request: "no" } })
    expect(await Effect.runPromise(discoverInjectedProviders(broken))).toEqual({ announced: [] })
  })

  it("streams wallets that announce later, and stops listening when the stream ends", async () => {
    const target = new EventTarget()
    installWallet(target, wallet("io.early", "u-1"), provider("early"))
    let listening = 0
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    target.addEventListener = (type, listener, options) => {
      if (type === "eip6963:announceProvider") listening++
      add(type, listener, options)
    }
    target.removeEventListener = (type, listener, options) => {
      if (type === "eip6963:announceProvider") listening--
      remove(type, listener, options)
    }
    const lists = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(
          Stream.runCollect(Stream.take(watchAnnouncedProviders(target), 2)),
        )
        yield* Effect.yieldNow
        installWallet(target, wallet("io.late", "u-2"), provider("late"))
        return yield* Fiber.join(fiber)
      }),
    )
    expect(
      Chunk.toReadonlyArray(Chunk.fromIterable(lists)).map((list) => list.map((entry) => entry.info.rdns)),
    ).toEqual([["io.early"], ["io.early", "io.late"]])
    expect(listening).toBe(0)
  })
})
