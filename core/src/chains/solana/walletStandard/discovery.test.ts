import { createDevSolanaWallet, deterministicKeypair, registerWallet } from "@appkit/fixtures"
import type { Wallet } from "@wallet-standard/base"
import { Effect, Fiber, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { discoverWalletStandardWallets, isSolanaWallet, watchWalletStandardWallets } from "./discovery"

const devWallet = (name = "Dev Solana Wallet") =>
  createDevSolanaWallet({
    name,
    keypairs: [deterministicKeypair("discovery")],
    chains: [{ id: "solana:localnet", rpcUrl: "http://127.0.0.1:1" }],
  }).wallet

/** What a page script can register: the dev wallet with one part broken. */
const broken = (wallet: Wallet, patch: Record<string, unknown>) =>
  Object.assign(Object.create(null), { ...wallet, accounts: [], ...patch })

describe("Wallet Standard discovery", () => {
  it("finds wallets registered before the app (app-ready) and after it (register-wallet), each once", async () => {
    const target = new EventTarget()
    const early = devWallet("Early")
    registerWallet(target, early)
    registerWallet(target, early)
    const late = devWallet("Late")
    const seen = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const lists = yield* Effect.forkChild(
            Stream.runCollect(Stream.take(watchWalletStandardWallets(target), 2)),
          )
          yield* Effect.yieldNow
          registerWallet(target, late)
          return yield* Fiber.join(lists)
        }),
      ),
    )
    expect(seen.map((list) => list.map((wallet) => wallet.name))).toEqual([["Early"], ["Early", "Late"]])
    expect(
      (await Effect.runPromise(discoverWalletStandardWallets(target))).map((wallet) => wallet.name),
    ).toEqual(["Early", "Late"])
  })

  it("drops a wallet from the list when it unregisters", async () => {
    const target = new EventTarget()
    const unregister = registerWallet(target, devWallet())
    const lists = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const collecting = yield* Effect.forkChild(
            Stream.runCollect(Stream.take(watchWalletStandardWallets(target), 2)),
          )
          yield* Effect.yieldNow
          unregister()
          return yield* Fiber.join(collecting)
        }),
      ),
    )
    expect(lists.map((list) => list.length)).toEqual([1, 0])
  })

  it("keeps only objects shaped like a Solana wallet, and survives a registration callback that throws", async () => {
    const good = devWallet()
    expect(isSolanaWallet(good)).toBe(true)
    for (const patch of [
      { version: "2.0.0" },
      { name: "" },
      { icon: "https://example.com/icon.png" },
      { chains: ["eip155:1"] },
      { chains: "solana:mainnet" },
      { features: { "standard:connect": { version: "1.0.0" } } },
      { accounts: undefined },
    ])
      expect([patch, isSolanaWallet(broken(good, patch))]).toEqual([patch, false])
    expect(isSolanaWallet(null)).toBe(false)

    const target = new EventTarget()
    target.dispatchEvent(
      new CustomEvent("wallet-standard:register-wallet", {
        detail: () => {
          throw new Error("broken wallet script")
        },
      }),
    )
    const found = await Effect.runPromise(
      Effect.gen(function* () {
        const list = yield* Effect.forkChild(
          Stream.runCollect(Stream.take(watchWalletStandardWallets(target), 2)),
        )
        yield* Effect.yieldNow
        target.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: "not a function" }))
        target.dispatchEvent(
          new CustomEvent("wallet-standard:register-wallet", {
            detail: () => {
              throw new Error("broken wallet script")
            },
          }),
        )
        registerWallet(target, broken(good, { chains: ["eip155:1"] }))
        registerWallet(target, good)
        return yield* Fiber.join(list)
      }).pipe(Effect.scoped),
    )
    expect(found.map((list) => list.length)).toEqual([0, 1])
  })
})
