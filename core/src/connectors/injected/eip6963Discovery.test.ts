import { Effect, Exit, Scope } from "effect"
import { describe, expect, it } from "vitest"
import type { Connector } from "../Connector"
import { registerAnnouncedWallets } from "./eip6963Discovery"

const icon = "data:image/svg+xml;base64,PHN2Zy8+"
const info = (rdns: string) => ({ uuid: `uuid-${rdns}`, name: rdns, icon, rdns })
const provider = { request: async () => null }
const announce = (page: EventTarget, rdns: string) =>
  page.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: { info: info(rdns), provider } }))

/** Runs the discovery in a scope of its own; `registered` holds each registration's connector ids. */
const discover = (page: EventTarget) => {
  const registered: Array<ReadonlyArray<string>> = []
  const scope = Effect.runSync(Scope.make())
  Effect.runSync(
    Scope.provide(
      registerAnnouncedWallets(page, (connectors: ReadonlyArray<Connector>) =>
        Effect.sync(() => registered.push(connectors.map((connector) => connector.id))),
      ),
      scope,
    ),
  )
  return { registered, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

/** Lets the background fiber that watches for later announcements run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("registerAnnouncedWallets", () => {
  it("registers the wallets already on the page in one go, before it returns", () => {
    const page = new EventTarget()
    page.addEventListener("eip6963:requestProvider", () => {
      announce(page, "com.example.one")
      announce(page, "com.example.two")
    })
    expect(discover(page).registered).toEqual([["com.example.one", "com.example.two"]])
  })

  it("registers a window.ethereum no wallet announced as 'injected', with the wallets, and only once", async () => {
    const ethereum = { request: async () => null }
    const page = Object.assign(new EventTarget(), { ethereum })
    page.addEventListener("eip6963:requestProvider", () => announce(page, "com.example.one"))
    const { registered, close } = discover(page)
    expect(registered).toEqual([["com.example.one", "injected"]])
    // Its wallet announcing it later would be the same wallet twice: it stays offered as it was.
    await settle()
    page.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", {
        detail: { info: info("com.example.late"), provider: ethereum },
      }),
    )
    await settle()
    expect(registered).toEqual([["com.example.one", "injected"]])
    await close()
  })

  it("registers every wallet even when one's provider cannot be listened to (an on that is no function, or throws)", () => {
    const page = new EventTarget()
    const broken = [
      { request: async () => null, on: 42 },
      {
        request: async () => null,
        on: () => {
          throw new Error("unsupported event")
        },
      },
    ]
    page.addEventListener("eip6963:requestProvider", () => {
      for (const [index, provider] of broken.entries())
        page.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", {
            detail: { info: info(`com.example.broken${index}`), provider },
          }),
        )
      announce(page, "com.example.fine")
    })
    const found = (() => {
      try {
        return discover(page).registered
      } catch (error) {
        return `discovery failed: ${String(error)}`
      }
    })()
    expect(found).toEqual([["com.example.broken0", "com.example.broken1", "com.example.fine"]])
  })

  it("registers each later wallet once, and none after its scope closes", async () => {
    const page = new EventTarget()
    const { registered, close } = discover(page)
    await settle()
    announce(page, "com.example.late")
    announce(page, "com.example.late")
    await settle()
    expect(registered).toEqual([["com.example.late"]])
    await close()
    announce(page, "com.example.after")
    await settle()
    expect(registered).toEqual([["com.example.late"]])
  })
})
