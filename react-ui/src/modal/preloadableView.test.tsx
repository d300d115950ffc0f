// @vitest-environment happy-dom
import { act, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it } from "vitest"
import { preloadableView } from "./preloadableView"
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const Wallets = () => <p>wallet directory</p>
const roots: Array<() => void> = []
afterEach(() => {
  for (const unmount of roots.splice(0)) act(unmount)
})

/** What the page shows right after the first commit of `View` (inside a Suspense boundary), and once settled. */
const render = async (View: React.ComponentType) => {
  const container = document.createElement("div")
  const root = createRoot(container)
  roots.push(() => root.unmount())
  act(() =>
    root.render(
      <Suspense fallback={<p>loading</p>}>
        <View />
      </Suspense>,
    ),
  )
  const first = container.textContent
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  return { first, settled: container.textContent }
}

describe("preloadableView", () => {
  it("renders a preloaded view in its first commit, with no fallback", async () => {
    let loads = 0
    const View = preloadableView(async () => {
      loads++
      return { default: Wallets }
    })
    await View.preload()
    await View.preload()
    expect(await render(View)).toEqual({ first: "wallet directory", settled: "wallet directory" })
    expect(loads).toBe(1)
  })

  it("loads on first render like React.lazy when nobody preloaded it", async () => {
    const View = preloadableView(async () => ({ default: Wallets }))
    expect(await render(View)).toEqual({ first: "loading", settled: "wallet directory" })
  })

  it("fetches again after a failed preload (a flaky network ahead of time costs nothing later)", async () => {
    let attempt = 0
    const View = preloadableView(async () => {
      attempt++
      if (attempt === 1) throw new Error("chunk fetch failed")
      return { default: Wallets }
    })
    await expect(View.preload()).rejects.toThrow("chunk fetch failed")
    await View.preload()
    expect(attempt).toBe(2)
    expect((await render(View)).first).toBe("wallet directory")
  })
})
