// @vitest-environment happy-dom
import { act } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { AppKitImage } from "./Image"

describe("AppKitImage", () => {
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  const render = (src: string | undefined) => {
    const container = document.createElement("div")
    const root = createRoot(container)
    act(() => root.render(<AppKitImage src={src} alt="Rainbow" size={40} />))
    return { container, unmount: () => act(() => root.unmount()) }
  }

  it("shows the placeholder until the image loads, and gives up at §9's 2 s preload timeout", () => {
    // An image host that never answers: happy-dom's Image neither loads nor fails this URL.
    vi.spyOn(HTMLImageElement.prototype, "src", "set").mockImplementation(() => undefined)
    const { container, unmount } = render("http://127.0.0.1:9/never.png")
    const placeholder = () => container.querySelector("[data-loading]")
    expect(placeholder()?.getAttribute("data-loading")).toBe("pending")
    expect(placeholder()?.getAttribute("role")).toBe("img")
    expect(placeholder()?.getAttribute("aria-label")).toBe("Rainbow")
    expect(placeholder()?.getAttribute("data-initial")).toBe("R")
    act(() => vi.advanceTimersByTime(1999))
    expect(placeholder()?.getAttribute("data-loading")).toBe("pending")
    act(() => vi.advanceTimersByTime(1))
    expect(placeholder()?.getAttribute("data-loading")).toBe("failed")
    unmount()
  })

  it("shows the image once it has loaded", () => {
    let image: HTMLImageElement | undefined
    vi.spyOn(HTMLImageElement.prototype, "src", "set").mockImplementation(function (this: HTMLImageElement) {
      image = this
    })
    const { container, unmount } = render("http://127.0.0.1/ok.png")
    act(() => image?.onload?.(new Event("load")))
    expect(container.querySelector("img")?.getAttribute("src")).toBe("http://127.0.0.1/ok.png")
    act(() => vi.advanceTimersByTime(5000))
    expect(container.querySelector("img")).not.toBeNull()
    unmount()
  })

  it("has nothing to load without a source", () => {
    const { container, unmount } = render(undefined)
    expect(container.querySelector("[data-loading]")?.getAttribute("data-loading")).toBe("failed")
    unmount()
  })
})
