import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { oneLine } from "./output"
import { shownInput } from "./report"

/** Every character a terminal or a line reader takes as a line break or a control. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters under test
const controlOrBreak = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

describe("oneLine", () => {
  it("leaves no control character or line break, and reads back as the text it was given", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const shown = oneLine(text)
        expect(shown).not.toMatch(controlOrBreak)
        // Escaped as JSON escapes: a reader can tell the exact value (here without quotes and backslashes,
        // which oneLine leaves as they are).
        if (!/["\\]/.test(text)) expect(JSON.parse(`"${shown}"`)).toBe(text)
      }),
    )
  })

  it("changes nothing in printable text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }).filter((text) => !controlOrBreak.test(text)),
        (text) => {
          expect(oneLine(text)).toBe(text)
        },
      ),
    )
  })

  it("names each kind of control character", () => {
    expect(oneLine("1\n")).toBe("1\\n")
    expect(oneLine("a\r\nb\tc")).toBe("a\\r\\nb\\tc")
    expect(oneLine("\u001b[2J")).toBe("\\u001b[2J")
    expect(oneLine("\u007f\u0085\u2028\u2029")).toBe("\\u007f\\u0085\\u2028\\u2029")
  })
})

describe("shownInput", () => {
  it("quotes exactly the inputs a reader could not see as they are", () => {
    expect(shownInput("eip155:1")).toBe("eip155:1")
    expect(shownInput("")).toBe('""')
    expect(shownInput(" x")).toBe('" x"')
    expect(shownInput("eip155:1\n")).toBe('"eip155:1\\n"')
    expect(shownInput("a\u0000b")).toBe('"a\\u0000b"')
  })

  it("is always one line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(shownInput(text)).not.toMatch(controlOrBreak)
      }),
    )
  })
})
