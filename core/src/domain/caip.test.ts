import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../testing/vectors"
import {
  CaipAccountId,
  CaipChainId,
  formatAccountId,
  formatChainId,
  InvalidCaipId,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
  parseAccountId,
  parseChainId,
} from "./caip"

interface CaipVector extends Vector {
  readonly input: string
  readonly kind: "chain_id" | "account_id" | "namespace" | "reference" | "account_address"
  readonly valid: boolean
}

const { vectors } = loadVectors<CaipVector>("caip.json")

const parses: Record<CaipVector["kind"], (input: string) => boolean> = {
  chain_id: (input) => Result.isSuccess(parseChainId(input)),
  account_id: (input) => Result.isSuccess(parseAccountId(input)),
  namespace: isCaipNamespace,
  reference: isCaipReference,
  account_address: isCaipAccountAddress,
}

describe("caip.json conformance (syntax)", () => {
  for (const vector of vectors) {
    it(vector.id, () => {
      expect(parses[vector.kind](vector.input)).toBe(vector.valid)
      if (vector.kind === "chain_id")
        expect(Result.isSuccess(Schema.decodeUnknownResult(CaipChainId)(vector.input))).toBe(vector.valid)
      if (vector.kind === "account_id")
        expect(Result.isSuccess(Schema.decodeUnknownResult(CaipAccountId)(vector.input))).toBe(vector.valid)
    })
  }
})

describe("parseChainId / parseAccountId", () => {
  it("splits an account id into chain and address", () => {
    expect(Result.getOrThrow(parseAccountId("eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb"))).toEqual({
      chainId: { namespace: "eip155", reference: "1" },
      address: "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
    })
  })

  it("names the broken part in a typed error", () => {
    const result = parseChainId("ETH:1")
    expect(Result.isFailure(result) && result.failure).toBeInstanceOf(InvalidCaipId)
    expect(Result.isFailure(result) && result.failure.message).toBe(
      "Invalid CAIP chain id 'ETH:1': namespace 'ETH' must be 3-8 characters of a-z, 0-9 or -",
    )
    const account = parseAccountId("eip155:1")
    expect(Result.isFailure(account) && account.failure.message).toContain(
      "expected namespace:reference:address",
    )
  })

  it.each<[Result.Result<unknown, InvalidCaipId>, string]>([
    [parseChainId("eip155"), "Invalid CAIP chain id 'eip155': expected namespace:reference"],
    [parseChainId("eip155:1:0xab"), "Invalid CAIP chain id 'eip155:1:0xab': expected namespace:reference"],
    [parseAccountId("eip155:1"), "Invalid CAIP account id 'eip155:1': expected namespace:reference:address"],
    [
      formatChainId({ namespace: "eip155", reference: "" }),
      "Invalid CAIP chain id 'eip155:': reference '' must be 1-32 characters of a-z, A-Z, 0-9, - or _",
    ],
    [
      formatAccountId({ chainId: { namespace: "eip155", reference: "1" }, address: "a:b" }),
      "Invalid CAIP account id 'eip155:1:a:b': account address 'a:b' must be 1-128 characters of a-z, A-Z, 0-9, -, . or %",
    ],
  ])("says what is wrong, as a typed InvalidCaipId: %#", (result, message) => {
    const error = Result.isFailure(result) ? result.failure : undefined
    expect(error).toBeInstanceOf(InvalidCaipId)
    expect(error?._tag).toBe("InvalidCaipId")
    expect(error?.message).toBe(message)
  })

  it("refuses to format parts that break the grammar", () => {
    expect(Result.isFailure(formatChainId({ namespace: "eip155", reference: "" }))).toBe(true)
    expect(
      Result.isFailure(formatAccountId({ chainId: { namespace: "eip155", reference: "1" }, address: "a:b" })),
    ).toBe(true)
  })
})

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })
const lower = "abcdefghijklmnopqrstuvwxyz"
const digits = "0123456789"
const namespaceArb = chars(`-${lower}${digits}`, 3, 8)
const referenceArb = chars(`-_${lower}${lower.toUpperCase()}${digits}`, 1, 32)
const addressArb = chars(`-.%${lower}${lower.toUpperCase()}${digits}`, 1, 128)

describe("CAIP properties", () => {
  it("parse ∘ format is the identity on chain ids", () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, (namespace, reference) => {
        const text = Result.getOrThrow(formatChainId({ namespace, reference }))
        expect(text).toBe(`${namespace}:${reference}`)
        expect(Result.getOrThrow(parseChainId(text))).toEqual({ namespace, reference })
      }),
    )
  })

  it("parse ∘ format is the identity on account ids", () => {
    fc.assert(
      fc.property(namespaceArb, referenceArb, addressArb, (namespace, reference, address) => {
        const accountId = { chainId: { namespace, reference }, address }
        const text = Result.getOrThrow(formatAccountId(accountId))
        expect(Result.getOrThrow(parseAccountId(text))).toEqual(accountId)
      }),
    )
  })

  it("never throws on arbitrary text, and what parses formats back to the same text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const chain = parseChainId(text)
        if (Result.isSuccess(chain)) expect(Result.getOrThrow(formatChainId(chain.success))).toBe(text)
        const account = parseAccountId(text)
        if (Result.isSuccess(account)) expect(Result.getOrThrow(formatAccountId(account.success))).toBe(text)
      }),
    )
  })
})
