import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeIgnoredMessages, screenMessage } from "./messageGuard"
import { EMBEDDED_PROTOCOL } from "./protocol"

const frame = { name: "frame" }
const other = { name: "other" }
const ours = { protocol: EMBEDDED_PROTOCOL, kind: "ready" }
const expected = { origin: "https://secure.example", sources: [frame] }

describe("screenMessage", () => {
  it("accepts only the expected window at the expected origin", () => {
    expect(screenMessage({ data: ours, origin: "https://secure.example", source: frame }, expected)).toBe(
      "accepted",
    )
    // Garbage from the expected window is accepted here; decoding it is what rejects it (as malformed).
    expect(screenMessage({ data: "junk", origin: "https://secure.example", source: frame }, expected)).toBe(
      "accepted",
    )
    expect(screenMessage({ data: ours, origin: "https://secure.example", source: other }, expected)).toBe(
      "foreignSource",
    )
    expect(
      screenMessage({ data: ours, origin: "https://secure.example.evil", source: frame }, expected),
    ).toBe("foreignOrigin")
    expect(screenMessage({ data: ours, origin: "http://secure.example", source: frame }, expected)).toBe(
      "foreignOrigin",
    )
    expect(screenMessage({ data: ours, origin: "null", source: null }, expected)).toBe("foreignOrigin")
  })

  it("leaves messages that do not claim the protocol to whoever they are for", () => {
    expect(
      screenMessage({ data: { type: "other" }, origin: "https://x.example", source: other }, expected),
    ).toBe("notOurs")
    expect(screenMessage({ data: null, origin: "https://x.example", source: other }, expected)).toBe(
      "notOurs",
    )
  })

  it("never accepts a message from any other origin, whatever it carries and whichever window sent it", () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.anything(), fc.boolean(), (url, data, fromFrame) => {
        const origin = new URL(url).origin
        fc.pre(origin !== expected.origin)
        expect(screenMessage({ data, origin, source: fromFrame ? frame : other }, expected)).not.toBe(
          "accepted",
        )
      }),
    )
  })
})

describe("makeIgnoredMessages", () => {
  it("counts every ignored message and returns a log line for the first of each kind only", () => {
    const ignored = makeIgnoredMessages("frame")
    const lines = [
      ignored.note("foreignOrigin", "https://a.example"),
      ignored.note("foreignOrigin", "https://b.example"),
      ignored.note("malformed", "https://secure.example"),
    ]
    expect(lines[0]).toBe(
      "AppKit embedded wallet (frame): ignored a message posted from another origin (https://a.example); further ones are counted, not logged",
    )
    expect(lines[1]).toBeUndefined()
    expect(lines[2]).toContain("that is not a valid protocol message")
    expect(ignored.counts()).toEqual({ foreignOrigin: 2, foreignSource: 0, malformed: 1, unknownRequest: 0 })
  })
})
