import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { testSigner } from "../testing/personalSign"
import { recoverPersonalSignAddress } from "./eip191"

const signer = testSigner("eip191 recovery key")
const message = "Sign in to App"
const signature = signer.personalSign(message)

describe("recoverPersonalSignAddress", () => {
  it("recovers the signer whether v is 27/28 or 0/1, in either letter case", () => {
    expect(recoverPersonalSignAddress(message, signature)).toBe(signer.address)
    expect(recoverPersonalSignAddress(message, signer.personalSign(message, 0))).toBe(signer.address)
    expect(recoverPersonalSignAddress(message, `0x${signature.slice(2).toUpperCase()}`)).toBe(signer.address)
  })

  it("answers undefined, never throws, for text that is not exactly 0x and 65 hex bytes", () => {
    const body = signature.slice(2)
    for (const bad of [
      `00${signature}`,
      `x${signature}`,
      `${signature}0`,
      `${signature}00`,
      body,
      `0X${body}`,
    ])
      expect(recoverPersonalSignAddress(message, bad), bad).toBeUndefined()
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        fc.pre(before !== "" || after !== "")
        expect(recoverPersonalSignAddress(message, `${before}${signature}${after}`)).toBeUndefined()
      }),
    )
  })
})
