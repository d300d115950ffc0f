import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { Toast } from "./toast"

describe("Toast", () => {
  schemaCases(Toast, {
    valid: [
      ["a success toast", { message: "Address copied", variant: "success", open: true, autoClose: true }],
      [
        "a loading toast kept open",
        { message: "Authenticating...", variant: "loading", open: true, autoClose: false },
      ],
      [
        "a custom icon",
        {
          message: "Link copied",
          variant: "info",
          open: false,
          svg: { icon: "copy", iconColor: "accent-100" },
        },
      ],
    ],
    invalid: [
      ["an unknown variant", { message: "x", variant: "warning", open: true }],
      ["no message", { variant: "error", open: true }],
      ["autoClose as a string", { message: "x", variant: "error", open: true, autoClose: "yes" }],
    ],
  })

  it("closes by itself unless told otherwise", () => {
    const toast = Schema.decodeUnknownSync(Toast)({
      message: "Signature declined",
      variant: "error",
      open: true,
    })
    expect(toast.autoClose).toBe(true)
  })
})
