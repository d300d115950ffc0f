import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../testing/vectors"
import {
  accountOn,
  addressOfAccount,
  CaipAccountId,
  CaipNetworkId,
  decodeCaipAccountId,
  decodeCaipNetworkId,
  formatAccountId,
  formatChainId,
  InvalidCaipId,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
  namespaceOf,
  networkOfAccount,
  parseAccountId,
  parseChainId,
  referenceOf,
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
        expect(Result.isSuccess(Schema.decodeUnknownResult(CaipNetworkId)(vector.input))).toBe(vector.valid)
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
    // Whatever the id and the broken part, one catalogue entry explains it.
    expect(error?.docsPath).toBe("/errors#invalid-caip-id")
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

describe("the parts of a decoded id", () => {
  const account = Schema.decodeSync(CaipAccountId)("eip155:8453:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
  const network = Schema.decodeSync(CaipNetworkId)("bip122:000000000019d6689c085ae165831e93")

  it("splits exactly at the grammar's colons", () => {
    expect(namespaceOf(account)).toBe("eip155")
    expect(networkOfAccount(account)).toBe("eip155:8453")
    expect(addressOfAccount(account)).toBe("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
    expect(namespaceOf(network)).toBe("bip122")
    expect(referenceOf(network)).toBe("000000000019d6689c085ae165831e93")
    expect(Option.getOrThrow(accountOn(network, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"))).toBe(
      "bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    )
  })

  it("agrees with parseAccountId on every id the grammar accepts, and accountOn puts it back together", () => {
    const part = (pattern: string, max: number) => fc.stringMatching(new RegExp(`^${pattern}{1,${max}}$`))
    fc.assert(
      fc.property(
        part("[-a-z0-9]", 8).filter(isCaipNamespace),
        part("[-_a-zA-Z0-9]", 32),
        part("[-.%a-zA-Z0-9]", 128),
        (ns, ref, address) => {
          fc.pre(isCaipNamespace(ns) && isCaipReference(ref) && isCaipAccountAddress(address))
          const id = Option.getOrThrow(decodeCaipAccountId(`${ns}:${ref}:${address}`))
          const parsed = Result.getOrThrow(parseAccountId(id))
          expect(namespaceOf(id)).toBe(parsed.chainId.namespace)
          expect(referenceOf(networkOfAccount(id))).toBe(parsed.chainId.reference)
          expect(addressOfAccount(id)).toBe(parsed.address)
          expect(Option.getOrThrow(accountOn(networkOfAccount(id), addressOfAccount(id)))).toBe(id)
        },
      ),
    )
  })

  it("decodes only what the grammar accepts, right at its edges", () => {
    expect(Option.isSome(decodeCaipNetworkId("abc:x"))).toBe(true)
    expect(Option.isNone(decodeCaipNetworkId("ab:x"))).toBe(true) // namespace under 3 characters
    expect(Option.isNone(decodeCaipNetworkId(`eip155:${"1".repeat(33)}`))).toBe(true) // reference over 32
    expect(Option.isNone(decodeCaipAccountId("eip155:1"))).toBe(true)
    expect(Option.isNone(accountOn(network, "has space"))).toBe(true)
    expect(Option.isNone(decodeCaipNetworkId(42))).toBe(true)
  })
})
