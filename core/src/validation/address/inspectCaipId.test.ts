import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { inspectCaipId } from "./inspectCaipId"

describe("inspectCaipId", () => {
  it("splits a chain id and names the Bitcoin network of a bip122 reference", () => {
    expect(inspectCaipId("bip122:000000000933ea01ad0ee984209779ba")).toEqual({
      input: "bip122:000000000933ea01ad0ee984209779ba",
      kind: "chain_id",
      valid: true,
      namespace: "bip122",
      reference: "000000000933ea01ad0ee984209779ba",
      address: null,
      knownNamespace: true,
      bitcoinNetwork: "testnet",
      normalized: "bip122:000000000933ea01ad0ee984209779ba",
      error: null,
    })
    expect(inspectCaipId("bip122:12a765e31ffd4059bada1e25190f6e98").bitcoinNetwork).toBeNull()
  })

  it("holds an account id on a known namespace to its chain's address rules", () => {
    expect(inspectCaipId("eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb")).toMatchObject({
      kind: "account_id",
      valid: true,
      address: "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
      error: null,
    })
    expect(
      inspectCaipId("bip122:000000000933ea01ad0ee984209779ba:bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk"),
    ).toMatchObject({
      valid: false,
      bitcoinNetwork: "testnet",
      normalized: null,
      error: "Invalid address: a mainnet address, expected testnet",
    })
  })

  it("holds a known namespace's chain reference to its profile, chain ids and account ids alike", () => {
    for (const input of ["eip155:abc", "eip155:-1", "eip155:01x", "bip122:1", "solana:mainnet"])
      expect(inspectCaipId(input)).toMatchObject({
        kind: "chain_id",
        valid: false,
        error: expect.stringContaining("the reference must be"),
      })
    expect(inspectCaipId("eip155:01:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb")).toMatchObject({
      kind: "account_id",
      valid: false,
      error:
        "Invalid eip155 chain id 'eip155:01': the reference must be a decimal chain id without leading zeros",
    })
  })

  it("checks only the syntax of other namespaces", () => {
    expect(inspectCaipId("hedera:mainnet:0.0.1234567890-zbhlt")).toMatchObject({
      kind: "account_id",
      valid: true,
      knownNamespace: false,
      namespace: "hedera",
    })
  })

  it("says which part breaks the grammar", () => {
    expect(inspectCaipId("eip155")).toMatchObject({
      kind: null,
      valid: false,
      error: "Invalid CAIP id 'eip155': expected namespace:reference or namespace:reference:address",
    })
    expect(inspectCaipId("ETH:1:0xab")).toMatchObject({
      kind: "account_id",
      valid: false,
      namespace: null,
      error: expect.stringContaining("namespace 'ETH'"),
    })
  })

  it("reports a malformed id as unparsed, naming no namespace even when its first part is a known one", () => {
    expect(inspectCaipId("eip155:")).toEqual({
      input: "eip155:",
      kind: "chain_id",
      valid: false,
      namespace: null,
      reference: null,
      address: null,
      knownNamespace: false,
      bitcoinNetwork: null,
      normalized: null,
      error: "Invalid CAIP chain id 'eip155:': reference '' must be 1-32 characters of a-z, A-Z, 0-9, - or _",
    })
  })

  it("names a Bitcoin network only on bip122, whatever another namespace's reference looks like", () => {
    expect(inspectCaipId("cosmos:000000000933ea01ad0ee984209779ba")).toMatchObject({
      valid: true,
      bitcoinNetwork: null,
    })
    expect(inspectCaipId("hedera:000000000019d6689c085ae165831e93:0.0.1")).toMatchObject({
      bitcoinNetwork: null,
    })
  })

  it("never throws, and a report is valid exactly when it has no error", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const report = inspectCaipId(input)
        expect(report.input).toBe(input)
        expect(report.valid).toBe(report.error === null)
      }),
    )
  })
})
