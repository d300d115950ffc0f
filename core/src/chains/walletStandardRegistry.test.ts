import { describe, expect, it } from "vitest"
import { watchRegisteredWallets } from "./walletStandardRegistry"

interface Named {
  readonly name: string
}
const isNamed = (value: unknown): value is Named =>
  typeof value === "object" && value !== null && typeof (value as Named).name === "string"

type Register = (...wallets: ReadonlyArray<unknown>) => () => void
/** A wallet script loading after the app: it registers through the register-wallet event. */
const registerLater = (target: EventTarget, ...wallets: ReadonlyArray<unknown>) => {
  let unregister: () => void = () => {}
  target.dispatchEvent(
    new CustomEvent("wallet-standard:register-wallet", {
      detail: ({ register }: { register: Register }) => {
        unregister = register(...wallets)
      },
    }),
  )
  return () => unregister()
}

describe("watchRegisteredWallets", () => {
  it("hears wallets loaded before the app (app-ready) and after it (register-wallet), each once", () => {
    const target = new EventTarget()
    const early: Named = { name: "Early" }
    target.addEventListener("wallet-standard:app-ready", (event) =>
      (event as CustomEvent<{ register: Register }>).detail.register(early),
    )
    const lists: Array<ReadonlyArray<string>> = []
    const registry = watchRegisteredWallets(target, isNamed, (wallets) =>
      lists.push(wallets.map((wallet) => wallet.name)),
    )
    const late: Named = { name: "Late" }
    registerLater(target, late, late, early, { notAWallet: true })
    expect(registry.current()).toEqual([early, late])
    expect(lists).toEqual([["Early"], ["Early", "Late"]])
    registry.stop()
    registerLater(target, { name: "After stop" })
    expect(registry.current()).toEqual([early, late])
  })

  it("drops a wallet that unregisters, telling the change once", () => {
    const target = new EventTarget()
    const lists: Array<number> = []
    const registry = watchRegisteredWallets(target, isNamed, (wallets) => lists.push(wallets.length))
    const unregister = registerLater(target, { name: "A" }, { name: "B" })
    const unregisterNothing = registerLater(target, { not: "a wallet" })
    unregister()
    unregister()
    unregisterNothing()
    expect(registry.current()).toEqual([])
    expect(lists).toEqual([2, 0])
  })

  it("keeps discovering when one wallet's registration throws", () => {
    const target = new EventTarget()
    const registry = watchRegisteredWallets(target, isNamed, () => {})
    target.dispatchEvent(
      new CustomEvent("wallet-standard:register-wallet", {
        detail: () => {
          throw new Error("broken wallet script")
        },
      }),
    )
    registerLater(target, { name: "Fine" })
    expect(registry.current().map((wallet) => wallet.name)).toEqual(["Fine"])
  })
})
