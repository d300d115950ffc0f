import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AccountName, isAccountName } from "./accountName"

describe("account names", () => {
  it.each(["alice", "a-b-", "1234", "Satoshi-2009", "----"])("accepts %s", (name) => {
    expect(isAccountName(name)).toBe(true)
    expect(Schema.decodeUnknownSync(AccountName)(name)).toBe(name)
  })

  it.each(["abc", "", "al ice", "alice.reown.id", "ali_ce", "émile", "alice!"])("rejects %j", (name) => {
    expect(isAccountName(name)).toBe(false)
    expect(Result.isFailure(Schema.decodeUnknownResult(AccountName)(name))).toBe(true)
  })

  it("accepts exactly the strings of >= 4 characters drawn from letters, digits and hyphens", () => {
    const allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 12 }), (name) => {
        const expected = name.length >= 4 && [...name].every((c) => allowed.includes(c))
        expect(isAccountName(name)).toBe(expected)
      }),
    )
  })
})
