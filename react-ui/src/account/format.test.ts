import { describe, expect, it } from "vitest"
import { shownUsd } from "./format"

describe("shownUsd", () => {
  it("shows a USD value in dollars and cents, and nothing for no value", () => {
    expect(shownUsd(1234.5)).toBe("$1,234.50")
    expect(shownUsd(0)).toBe("$0.00")
    expect(shownUsd(0.004)).toBe("$0.00")
    expect(shownUsd(undefined)).toBeUndefined()
  })
})
