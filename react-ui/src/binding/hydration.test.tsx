// @vitest-environment happy-dom
import { type AppKit, createAppKit, fromMap, Storage } from "@appkit/core"
import { Layer } from "effect"
import { act } from "react"
import { hydrateRoot, type Root } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, describe, expect, it, vi } from "vitest"
import { memoryWallet, testNetworks } from "../testing/appKit"
import { AppKitProvider } from "./AppKitProvider"
import { useAppKitAccount } from "./hooks"

/**
 * A returning user on a server-rendered page: the server knows no session and renders the disconnected markup;
 * the browser has the session stored. Hydration must match the server's markup, then show the stored account.
 */
const Status = () => {
  const { isConnected, address } = useAppKitAccount()
  return <p data-testid="status">{isConnected ? `connected ${address}` : "disconnected"}</p>
}

const appKitOver = (map: Map<string, string>, ssr: boolean) =>
  createAppKit({
    projectId: "test",
    networks: testNetworks,
    features: { email: false },
    socials: [],
    connectors: [memoryWallet()],
    storage: Layer.succeed(Storage, fromMap(map)),
    reconnect: false,
    ssr,
  })

const instances: AppKit[] = []
let root: Root | undefined
afterEach(async () => {
  act(() => root?.unmount())
  root = undefined
  await Promise.all(instances.splice(0).map((appKit) => appKit.dispose()))
})

/** The page as the server sent it, hydrated by the browser's instance; what React reported meanwhile. */
const hydrate = async (ssr: boolean) => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  // The user connected on an earlier visit: the browser's storage holds the session.
  const stored = new Map<string, string>()
  const earlier = appKitOver(stored, ssr)
  instances.push(earlier)
  await earlier.connect("io.test.wallet")
  const server = appKitOver(new Map(), ssr)
  const browser = appKitOver(stored, ssr)
  instances.push(server, browser)
  expect(browser.getState().account.byNamespace.eip155?.address).toBeDefined()

  const page = (appKit: AppKit) => (
    <AppKitProvider appKit={appKit} modal={false}>
      <Status />
    </AppKitProvider>
  )
  const container = document.createElement("div")
  container.innerHTML = renderToString(page(server))
  document.body.append(container)
  const recoverable = vi.fn()
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined)
  try {
    await act(async () => {
      root = hydrateRoot(container, page(browser), { onRecoverableError: recoverable })
    })
    const reported = [...recoverable.mock.calls, ...consoleError.mock.calls]
    return { reported, status: container.querySelector("[data-testid=status]")?.textContent }
  } finally {
    consoleError.mockRestore()
  }
}

describe("server rendering with ssr: true", () => {
  it("hydrates the server's disconnected markup without a mismatch, then shows the stored account", async () => {
    const { reported, status } = await hydrate(true)
    expect(reported).toEqual([])
    expect(status).toMatch(/^connected 0x/)
  })

  it("without it, the stored session renders at once and does not match the server's markup", async () => {
    const { reported } = await hydrate(false)
    expect(reported.length).toBeGreaterThan(0)
  })
})
