// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest"
import { testAppKit } from "../testing/appKit"
import { settle } from "../testing/dom"
import { renderWith } from "../testing/render"
import { unhandledRejectionsDuring } from "../testing/unhandled"
import { EmbeddedMethod } from "./EmbeddedLogin"

describe("the social login list", () => {
  it("shows no rows, and leaves no unhandled rejection, when the core cannot give its list", async () => {
    const appKit = testAppKit()
    const socials = vi.spyOn(appKit, "socials").mockRejectedValue(new Error("AppKit was disposed"))
    const unhandled = await unhandledRejectionsDuring(async () => {
      const { container, unmount } = await renderWith(appKit, <EmbeddedMethod method="social" />)
      try {
        await settle(() => socials.mock.calls.length > 0)
        expect(container.querySelectorAll('ul[aria-label="Social login"] button')).toHaveLength(0)
      } finally {
        unmount()
      }
    })
    expect(unhandled).toEqual([])
    await appKit.dispose()
  })
})
