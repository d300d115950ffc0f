import { describe, expect, it } from "vitest"
import { colorAllowed, countdown, qrFits, qrLines, tooSmall } from "./pairingView"

const uri = `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"b".repeat(64)}&expiryTimestamp=1700000000`

describe("the pairing view", () => {
  it("draws the QR code with a 4-module quiet zone on every side", () => {
    // Light modules are drawn (for dark terminals), two module rows per line: the zone is solid blocks.
    const lines = qrLines(uri)
    const width = lines[0]?.length ?? 0
    expect(lines.every((line) => [...line].length === width)).toBe(true)
    const light = (text: string | undefined) => /^[█▀]+$/.test(text ?? "")
    expect(light(lines[0]) && light(lines[1])).toBe(true)
    expect(light(lines.at(-1)) && light(lines.at(-2))).toBe(true)
    for (const line of lines) {
      expect(light(line.slice(0, 4))).toBe(true)
      expect(light(line.slice(-4))).toBe(true)
    }
    // …and right inside it the code begins.
    expect(light(lines[2]?.slice(4, 5))).toBe(false)
  })

  it("fits the code only when the whole of it and the lines around it fit", () => {
    const lines = qrLines(uri)
    const width = lines[0]?.length ?? 0
    expect(qrFits(lines, { columns: width, rows: lines.length + 4 }, 4)).toBe(true)
    expect(qrFits(lines, { columns: width - 1, rows: 200 }, 4)).toBe(false)
    expect(qrFits(lines, { columns: 500, rows: lines.length + 3 }, 4)).toBe(false)
    // Not a terminal (no size): printed as it is.
    expect(qrFits(lines, {}, 4)).toBe(true)
    expect(tooSmall).toBe("The terminal is too small for the QR code: enlarge the window or open the URI")
  })

  it("counts down to the pairing's end, or to --timeout when that comes first", () => {
    expect(countdown(240_000, "pairing", 0)).toBe("Pairing expires in 4:00")
    expect(countdown(1_001, "pairing", 0)).toBe("Pairing expires in 0:02")
    expect(countdown(9_000, "timeout", 0)).toBe("Giving up in 0:09 (--timeout)")
    expect(countdown(0, "timeout", 5_000)).toBe("Giving up in 0:00 (--timeout)")
  })

  it("turns colour off for a non-empty NO_COLOR only", () => {
    expect(colorAllowed({})).toBe(true)
    expect(colorAllowed({ NO_COLOR: "" })).toBe(true)
    expect(colorAllowed({ NO_COLOR: "1" })).toBe(false)
  })
})
