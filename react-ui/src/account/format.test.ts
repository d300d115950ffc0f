import { describe, expect, it } from "vitest"
import { shownHolding, shownUsd } from "./format"

describe("shownUsd", () => {
  it("shows a USD value in dollars and cents, and nothing for no value", () => {
    expect(shownUsd(1234.5)).toBe("$1,234.50")
    expect(shownUsd(0)).toBe("$0.00")
    expect(shownUsd(0.004)).toBe("$0.00")
    expect(shownUsd(undefined)).toBeUndefined()
  })
})

describe("shownHolding", () => {
  it("shows the balance with its symbol, and the frozen part a send cannot spend only when there is one", () => {
    expect(shownHolding({ decimals: "6", numeric: "8", frozen: "3" }, "TKN")).toBe("8.000 TKN · 3.000 frozen")
    // Floored to 3 decimals as every balance (§9): dust still says a part is frozen.
    expect(shownHolding({ decimals: "6", numeric: "8.123456", frozen: "0.000001" }, "TKN")).toBe(
      "8.123 TKN · 0.000 frozen",
    )
    expect(shownHolding({ decimals: "6", numeric: "8" }, "TKN")).toBe("8.000 TKN")
  })
})
