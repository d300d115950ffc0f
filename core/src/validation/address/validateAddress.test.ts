import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isChainNamespace } from "../../domain/namespace"
import { loadVectors, type Vector } from "../../testing/vectors"
import { toChecksumAddress } from "./evm"
import {
  detectedValidity,
  detectedVerdict,
  isValidAddress,
  type ValidateAddressOptions,
  validateAddress,
} from "./validateAddress"

describe("validateAddress: auto-detection", () => {
  it.each([
    ["0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "eip155", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    [
      "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
      "solana",
      "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
    ],
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bip122", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
    ["1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "bip122", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"],
    [
      "15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF",
      "polkadot",
      "15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF",
    ],
    [
      "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      "cosmos",
      "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
    ],
  ])("%s is %s", (input, namespace, normalized) => {
    expect(validateAddress(input)).toMatchObject({ input, valid: true, namespace, normalized, error: null })
  })

  it("gives the whole verdict as plain JSON", () => {
    const verdict = validateAddress("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")
    expect(JSON.parse(JSON.stringify(verdict))).toEqual({
      input: "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      valid: true,
      namespace: "bip122",
      network: "mainnet",
      type: "p2tr",
      normalized: "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      error: null,
    })
    const keys = ["input", "valid", "namespace", "network", "type", "normalized", "error"]
    expect(Object.keys(verdict)).toEqual(keys)
    expect(Object.keys(validateAddress("nope"))).toEqual(keys)
  })

  it("blames the namespace the input looks like", () => {
    expect(validateAddress("0x1234")).toMatchObject({ valid: false, namespace: "eip155" })
    expect(validateAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toMatchObject({
      valid: false,
      namespace: "bip122",
      error: "Invalid address",
    })
    expect(validateAddress("hello")).toMatchObject({ valid: false, namespace: null, normalized: null })
  })

  it("does not read a bech32 address with a typo as a Solana key", () => {
    // osmo1qspz… with its first letter mistyped: also 43 base58 characters that decode to 32 bytes.
    const typo = "qsmo1qspz2qqpqqqqqsqqqzqsqqqqqqqqqq8j3u8r3e"
    expect(validateAddress(typo, { namespace: "solana" }).valid).toBe(true)
    expect(validateAddress(typo).valid).toBe(false)
  })

  it("applies the Bitcoin network option", () => {
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    expect(validateAddress(testnet).network).toBe("testnet")
    expect(validateAddress(testnet, { network: "signet" })).toMatchObject({ valid: true, network: "signet" })
    expect(validateAddress(testnet, { network: "mainnet" })).toMatchObject({
      valid: false,
      namespace: "bip122",
      error: "Invalid address: a testnet/signet address, expected mainnet",
    })
  })

  // Each detection rule on its edge: what decides the namespace is the first characters or the exact length.
  it("reads 0x in either case as EVM, but only in front, and 40 characters as EVM only when all are hex", () => {
    expect(validateAddress("0X1234")).toMatchObject({ valid: false, namespace: "eip155" })
    expect(validateAddress("0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toMatchObject({
      valid: true,
      namespace: "eip155",
      normalized: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    })
    // A Solana key whose second character is "x" is not an EVM address without its leading 0.
    expect(validateAddress("6xLeFaqMMqMvUhCKNe3wsHHN37bU2cD3bgEWughGZiMW")).toMatchObject({
      valid: true,
      namespace: "solana",
    })
    // A leading 0 alone is not 0x: a bech32 account whose prefix starts with 0.
    expect(validateAddress("0ab1qyyq79says4nyw2qga892hrrdfchslux29cex9")).toMatchObject({
      namespace: "cosmos",
    })
    // 40 characters, like bare EVM hex, but a cosmos account (one-letter prefix, 20-byte key).
    expect(validateAddress("a1qyyq79says4nyw2qga892hrrdfchsluxc27j8z")).toMatchObject({
      valid: true,
      namespace: "cosmos",
      network: "a",
    })
  })

  it("holds bech32-shaped text in one case (either) to the bech32 namespaces, and only such text", () => {
    // Both decode to 32 bytes of base58, a Solana key's length. Upper case, bech32-shaped: refused.
    expect(validateAddress("A16PMNV5TALDC399JADZ26N7NYGQ88X3RJAN79FNFU88")).toMatchObject({ valid: false })
    // A "1" and six bech32 characters inside, but not a bech32 tail (o and j follow): a Solana key.
    expect(validateAddress("7huyoyd513jyqf1fso71hf9f9q9yo97q3q1bs37bowj7")).toMatchObject({
      valid: true,
      namespace: "solana",
    })
  })

  it("reads 40 bare digits (no letter, so no case) as EVM", () => {
    const digits = "1234567890123456789012345678901234567890"
    expect(validateAddress(digits)).toMatchObject({
      valid: true,
      namespace: "eip155",
      normalized: `0x${digits}`,
    })
  })

  it("blames Bitcoin for broken segwit text of any Bitcoin prefix, in either case, but only at the start", () => {
    for (const broken of [
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5",
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k8",
      "bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu8",
    ])
      expect(validateAddress(broken)).toMatchObject({
        valid: false,
        namespace: "bip122",
        error: "Invalid address",
      })
    expect(validateAddress("xbc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toMatchObject({
      valid: false,
      namespace: null,
      error: "Not a valid address for any supported namespace (eip155, solana, bip122, polkadot, cosmos)",
    })
  })

  it("applies the network option to Bitcoin only", () => {
    for (const input of [
      "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
      "15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF",
    ])
      expect(validateAddress(input, { network: "mainnet" }).valid).toBe(true)
    expect(validateAddress("mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", { network: "regtest" })).toMatchObject({
      valid: true,
      network: "regtest",
      type: "p2pkh",
    })
  })

  it("holds the input to a given namespace", () => {
    expect(
      validateAddress("7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", { namespace: "bip122" }),
    ).toMatchObject({
      valid: false,
      namespace: "bip122",
      error: "Invalid address",
    })
  })
})

describe("validateAddress: CAIP-10 account ids", () => {
  it("checks the address against its chain's network", () => {
    const mainnet = "bip122:000000000019d6689c085ae165831e93"
    const testnet4 = "bip122:00000000da84f2bafbbc53dee25a72ae"
    expect(validateAddress(`${testnet4}:tb1qcrh3yqn4nlleplcez2yndq2ry8h9ncg3qh7n54`)).toMatchObject({
      valid: true,
      network: "testnet",
      type: "p2wpkh",
    })
    expect(validateAddress(`${mainnet}:tb1qcrh3yqn4nlleplcez2yndq2ry8h9ncg3qh7n54`)).toMatchObject({
      valid: false,
      error: "Invalid address: a testnet/signet address, expected mainnet",
    })
    expect(validateAddress(`${mainnet}:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4`).normalized).toBe(
      `${mainnet}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`,
    )
    expect(
      validateAddress(`${mainnet}:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH`, { network: "testnet" }).valid,
    ).toBe(false)
    const hubAccount = "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"
    expect(validateAddress(`cosmos:cosmoshub-4:${hubAccount}`).valid).toBe(true)
    expect(validateAddress(`cosmos:osmosis-1:${hubAccount}`).valid).toBe(false)
  })

  it("refuses unknown namespaces, bad syntax and a conflicting namespace option", () => {
    expect(validateAddress("hedera:mainnet:0.0.1234567890-zbhlt")).toMatchObject({
      valid: false,
      namespace: null,
      error: "Unsupported namespace 'hedera'",
    })
    expect(validateAddress("eip155:1:").error).toContain("Invalid CAIP account id")
    expect(
      validateAddress("eip155:1:0x22227A31dd842196A246d8f3b775998560eAa61d", { namespace: "solana" }).valid,
    ).toBe(false)
    expect(validateAddress("eip155:abc:0x22227A31dd842196A246d8f3b775998560eAa61d").valid).toBe(false)
  })

  it("says which rule an account id breaks", () => {
    const mainnet = "bip122:000000000019d6689c085ae165831e93"
    expect(
      validateAddress(`${mainnet}:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH`, { network: "testnet" }),
    ).toMatchObject({
      valid: false,
      namespace: "bip122",
      error: "bip122:000000000019d6689c085ae165831e93 is not Bitcoin testnet",
    })
    const account = "eip155:1:0x22227A31dd842196A246d8f3b775998560eAa61d"
    expect(validateAddress(account, { namespace: "solana" })).toMatchObject({
      valid: false,
      namespace: "eip155",
      error: "The account id is on eip155, not solana",
    })
    expect(validateAddress(account, { namespace: "eip155" })).toMatchObject({
      valid: true,
      normalized: account,
    })
  })

  it("knows every Bitcoin network's chain reference", () => {
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    expect(validateAddress(`bip122:00000008819873e925422c1ff0f99f7c:${testnet}`).network).toBe("signet")
    expect(validateAddress(`bip122:000000000933ea01ad0ee984209779ba:${testnet}`).network).toBe("testnet")
    const regtest = "bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9"
    expect(validateAddress(`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${regtest}`).network).toBe("regtest")
    const mainnet = "bip122:000000000019d6689c085ae165831e93:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"
    expect(validateAddress(mainnet, { network: "mainnet" })).toMatchObject({
      valid: true,
      network: "mainnet",
    })
  })

  it("holds other bip122 chains (Litecoin) to the chain-independent rules, and to no Bitcoin network", () => {
    const litecoin = "bip122:12a765e31ffd4059bada1e25190f6e98"
    expect(validateAddress(`${litecoin}:LTC1Q8C6FSHW2DLWUN7EKN9QWF37CU2RN755U9YM7P0`)).toMatchObject({
      valid: true,
      namespace: "bip122",
      network: null,
      type: "p2wpkh",
      normalized: `${litecoin}:ltc1q8c6fshw2dlwun7ekn9qwf37cu2rn755u9ym7p0`,
    })
    expect(
      validateAddress(`${litecoin}:ltc1q8c6fshw2dlwun7ekn9qwf37cu2rn755u9ym7p0`, { network: "mainnet" }),
    ).toMatchObject({
      valid: false,
      error: `${litecoin} is not Bitcoin mainnet`,
    })
  })

  interface CaipVector extends Vector {
    readonly input: string
    readonly kind: string
    readonly valid: boolean
    readonly namespace_valid?: boolean
  }
  // caip.json's well-formed account ids on AppKit's namespaces, checked at namespace level: valid unless the
  // vector marks them namespace_valid=false (e.g. a non-EIP-55 eip155 address, an SS58 checksum failure).
  const accountIds = loadVectors<CaipVector>("caip.json").vectors.filter(
    (v) => v.kind === "account_id" && v.valid && isChainNamespace(v.input.split(":")[0] ?? ""),
  )
  for (const vector of accountIds) {
    it(vector.id, () => {
      expect(validateAddress(vector.input).valid).toBe(vector.namespace_valid !== false)
    })
  }
})

describe("validateAddress: a single-case EVM address's checksummed spelling (worked out when first read)", () => {
  const singleCase = fc
    .tuple(fc.stringMatching(/^[0-9a-f]{40}$/), fc.boolean(), fc.constantFrom("", "0x", "0X"))
    .map(([hex, upper, prefix]) => `${prefix}${upper ? hex.toUpperCase() : hex}`)

  it("reads as plain data: the EIP-55 form, the same on every read, in JSON and spreads in the documented key order", () => {
    fc.assert(
      fc.property(singleCase, (input) => {
        const verdict = validateAddress(input)
        const expected = {
          input,
          valid: true,
          namespace: "eip155",
          network: null,
          type: null,
          normalized: toChecksumAddress(input),
          error: null,
        }
        expect(verdict.normalized).toBe(expected.normalized)
        expect(verdict.normalized).toBe(expected.normalized)
        expect(JSON.stringify(verdict)).toBe(JSON.stringify(expected))
        expect({ ...verdict }).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })

  it("spread, it goes through structuredClone (what postMessage uses) as the spelled plain verdict", () => {
    const input = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
    expect(structuredClone({ ...validateAddress(input) })).toStrictEqual({
      input,
      valid: true,
      namespace: "eip155",
      network: null,
      type: null,
      normalized: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      error: null,
    })
  })

  it("keeps a CAIP-10 prefix in front of it", () => {
    expect(validateAddress("eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed").normalized).toBe(
      "eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    )
  })
})

describe("isValidAddress", () => {
  it("answers exactly validateAddress's `valid`, with or without options", () => {
    const options = fc.record(
      {
        namespace: fc.constantFrom("eip155", "solana", "bip122", "polkadot", "cosmos" as const),
        network: fc.constantFrom("mainnet", "testnet", "signet", "regtest" as const),
      },
      { requiredKeys: [] },
    )
    const known = fc.constantFrom(
      "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
      "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv",
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
      "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
      "15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF",
      "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      "eip155:1:0x22227A31dd842196A246d8f3b775998560eAa61d",
      "bip122:000000000019d6689c085ae165831e93:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
    )
    fc.assert(
      fc.property(fc.oneof(known, fc.string()), options, (input, given) => {
        expect(isValidAddress(input, given)).toBe(validateAddress(input, given).valid)
      }),
      { numRuns: 500 },
    )
  })
})

describe("the hex shortcut (validateAddress and isValidAddress answer hex input without detection)", () => {
  // Around 40 hex digits: every prefix case or none, one case or both, a length off by one, a character
  // that is not hex (g, a colon, a space, a full-width letter) in any place.
  const hexDigits = "0123456789abcdefABCDEF"
  const nearHex = fc
    .tuple(
      fc.constantFrom("", "0x", "0X", "0x0x", "x0", "0y"),
      fc.string({ unit: fc.constantFrom(...hexDigits), minLength: 39, maxLength: 41 }),
      fc.constantFrom("lower", "upper", "as is" as const),
      fc.option(fc.tuple(fc.nat(), fc.constantFrom("g", "G", ":", " ", "\uff41", "\u0660")), { freq: 3 }),
    )
    .map(([prefix, digits, casing, stray]) => {
      const cased =
        casing === "lower" ? digits.toLowerCase() : casing === "upper" ? digits.toUpperCase() : digits
      if (stray === null) return prefix + cased
      const [at, character] = stray
      const i = at % cased.length
      return prefix + cased.slice(0, i) + character + cased.slice(i + 1)
    })
  const checksummedOrNot = fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((bytes) => toChecksumAddress(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")))
  const inputs = fc.oneof(nearHex, checksummedOrNot, fc.string(), fc.constantFrom("", "0x", "0X", "0x:"))
  const options = fc.constantFrom<ValidateAddressOptions>(
    {},
    { namespace: "eip155" },
    { namespace: "solana" },
    { namespace: "bip122", network: "mainnet" },
  )

  it("gives the verdict detection gives, field for field and in the same key order", () => {
    fc.assert(
      fc.property(inputs, options, (input, given) => {
        const verdict = validateAddress(input, given)
        const detected = detectedVerdict(input, given)
        expect(JSON.stringify(verdict)).toBe(JSON.stringify(detected))
        expect({ ...verdict }).toStrictEqual({ ...detected })
      }),
      { numRuns: 1000 },
    )
  })

  it("gives the yes/no detection gives", () => {
    fc.assert(
      fc.property(inputs, options, (input, given) => {
        expect(isValidAddress(input, given)).toBe(detectedValidity(input, given))
      }),
      { numRuns: 1000 },
    )
  })
})

describe("validateAddress: robustness", () => {
  it("never throws, and a verdict is valid exactly when it has no error", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" })), (input) => {
        const verdict = validateAddress(input)
        expect(verdict.valid).toBe(verdict.error === null)
        expect(verdict.input).toBe(input)
      }),
    )
  })

  it("never throws on long base58 or bech32 text either (decoders have length limits of their own)", () => {
    // 60 to 8,000 characters of base58: longer than any base58 address we accept, so each is a refusal,
    // and past 4,096 characters, where @scure/base's decoder throws instead of answering.
    const base58Text = fc
      .tuple(
        fc.string({
          unit: fc.constantFrom(..."123456789ABCDEFGHJKLMNPabcdefghijkmnopqrstuvwxyz"),
          minLength: 60,
          maxLength: 80,
        }),
        fc.integer({ min: 1, max: 100 }),
      )
      .map(([text, times]) => text.repeat(times))
    fc.assert(
      fc.property(
        fc.oneof(
          base58Text,
          base58Text.map((text) => `bc1${text.toLowerCase()}`),
        ),
        (input) => {
          expect(validateAddress(input).valid).toBe(false)
        },
      ),
      { numRuns: 50 },
    )
  })

  it("normalization is idempotent for every namespace", () => {
    const inputs = [
      "0XE247A45C287191D435A8A5D72A7C8DC030451E9F",
      "TB1QRP33G0Q5C5TXSP9ARYSRX4K6ZDKFS4NCE4XJ0GDCCCEFVPYSXF3Q0SL5K7",
      "COSMOS1T2UFLQWQE0FSJ0SHCFKRVPUKEWCW40YJJ6HDC0",
      "HRkCrbmke2XeabJ5fxJdgXWpBRPkXWfWHY8eTeCKwDdf4k6",
      "DYw8jCTfwHNRJhhmFcbXvVDTqWMEVFBX6ZKUmG5CNSKK",
      "bip122:000000000019d6689c085ae165831e93:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    ]
    for (const input of inputs) {
      const once = validateAddress(input).normalized
      expect(once).not.toBeNull()
      expect(validateAddress(once ?? "").normalized).toBe(once)
    }
  })
})
