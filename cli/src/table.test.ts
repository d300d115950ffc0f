import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatTable } from "./table"

describe("formatTable", () => {
  it("lines columns up under their headers", () => {
    const lines = formatTable(
      [
        { header: "Symbol", cell: (row: { s: string; v: string }) => row.s },
        { header: "Value", cell: (row) => row.v, align: "right" },
      ],
      [
        { s: "ETH", v: "1.5" },
        { s: "USDC", v: "1200.25" },
      ],
    )
    expect(lines).toEqual(["Symbol    Value", "ETH         1.5", "USDC    1200.25"])
  })

  it("gives every row the same column starts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^\w{0,12}$/), fc.stringMatching(/^\w{1,12}$/)), {
          maxLength: 8,
        }),
        (rows) => {
          const lines = formatTable(
            [
              { header: "A", cell: (row: readonly [string, string]) => row[0] },
              { header: "B", cell: (row) => row[1] },
            ],
            rows,
          )
          expect(lines).toHaveLength(rows.length + 1)
          const start = (lines[0] ?? "").indexOf("B")
          rows.forEach((row, index) => {
            expect((lines[index + 1] ?? "").slice(start)).toBe(row[1])
          })
        },
      ),
    )
  })
})
