import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isWrappedPolkadotMessage, wrapPolkadotMessage } from "./messageWrapping"

const utf8 = new TextEncoder()
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe("<Bytes> wrapping of Polkadot messages", () => {
  it("wraps a UTF-8 message as polkadot.js signRaw does", () => {
    expect(text(wrapPolkadotMessage("hello world"))).toBe("<Bytes>hello world</Bytes>")
    expect(text(wrapPolkadotMessage(""))).toBe("<Bytes></Bytes>")
  })

  it("is idempotent: wrapped input comes back unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array()), (message) => {
        const once = wrapPolkadotMessage(message)
        expect(isWrappedPolkadotMessage(once)).toBe(true)
        expect(wrapPolkadotMessage(once)).toEqual(once)
      }),
    )
  })

  it("keeps the message between the tags, byte for byte", () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        const wrapped = wrapPolkadotMessage(bytes)
        if (isWrappedPolkadotMessage(bytes)) return
        expect(wrapped.length).toBe(bytes.length + 15)
        expect(wrapped.subarray(7, 7 + bytes.length)).toEqual(bytes)
      }),
    )
  })

  it("counts only both tags, in order, as wrapped", () => {
    for (const partial of [
      "<Bytes>",
      "</Bytes>",
      "<Bytes>x",
      "x</Bytes>",
      "</Bytes><Bytes>",
      "<Bytes</Bytes>",
    ])
      expect(isWrappedPolkadotMessage(utf8.encode(partial)), partial).toBe(false)
    expect(text(wrapPolkadotMessage("<Bytes>x"))).toBe("<Bytes><Bytes>x</Bytes>")
    // The shortest wrapped input: the two tags and nothing between them.
    expect(isWrappedPolkadotMessage(utf8.encode("<Bytes></Bytes>"))).toBe(true)
  })
})
