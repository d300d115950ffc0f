import { referenceVectors } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { blake2b } from "@noble/hashes/blake2.js"
import { base58, hex } from "@scure/base"
import * as sr25519 from "@scure/sr25519"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { wrapPolkadotMessage } from "./messageWrapping"
import { verifyPolkadotSignature } from "./verifySignature"

// Signatures polkadot.js made with the dev mnemonic's keys (sr25519 and ed25519), over a wrapped message.
const polkadotJs = referenceVectors.polkadot

const data = new TextEncoder().encode(polkadotJs.message)

/** SS58 with prefix 42, written from the spec (the encoder lives in wallets, not in core). */
const genericAddress = (publicKey: Uint8Array) => {
  const body = Uint8Array.of(42, ...publicKey)
  const checksum = blake2b(Uint8Array.of(...new TextEncoder().encode("SS58PRE"), ...body), { dkLen: 64 })
  return base58.encode(Uint8Array.of(...body, ...checksum.subarray(0, 2)))
}

const reasonOf = (result: ReturnType<typeof verifyPolkadotSignature>) =>
  Result.isFailure(result) ? result.failure.reason : "verified"

describe("verifyPolkadotSignature", () => {
  it("accepts polkadot.js signatures: sr25519 and ed25519, raw and with the MultiSignature type byte", () => {
    const sr = { address: polkadotJs.sr25519.polkadot, data }
    expect(
      Result.getOrThrow(verifyPolkadotSignature({ ...sr, signature: polkadotJs.sr25519.signature })),
    ).toEqual({
      scheme: "sr25519",
      publicKey: polkadotJs.sr25519.publicKey,
    })
    expect(
      Result.getOrThrow(verifyPolkadotSignature({ ...sr, signature: polkadotJs.sr25519.withType })).scheme,
    ).toBe("sr25519")
    const ed = { address: polkadotJs.ed25519.polkadot, data }
    expect(
      Result.getOrThrow(verifyPolkadotSignature({ ...ed, signature: polkadotJs.ed25519.signature })).scheme,
    ).toBe("ed25519")
    expect(
      Result.getOrThrow(
        verifyPolkadotSignature({ ...ed, signature: `0x00${polkadotJs.ed25519.signature.slice(2)}` }),
      ).scheme,
    ).toBe("ed25519")
  })

  it("takes the account's key from any network's address format", () => {
    const result = verifyPolkadotSignature({
      address: polkadotJs.sr25519.generic,
      data,
      signature: polkadotJs.sr25519.signature,
    })
    expect(reasonOf(result)).toBe("verified")
  })

  it("refuses the signature for other data, another account or the wrong scheme's type byte", () => {
    const signature = polkadotJs.sr25519.signature
    const unwrapped = new TextEncoder().encode("hello from polkadot.js")
    expect(
      reasonOf(verifyPolkadotSignature({ address: polkadotJs.sr25519.polkadot, data: unwrapped, signature })),
    ).toBe("invalidSignature")
    expect(reasonOf(verifyPolkadotSignature({ address: polkadotJs.ed25519.polkadot, data, signature }))).toBe(
      "invalidSignature",
    )
    // An sr25519 signature announced as ed25519 is checked as ed25519 only.
    const mislabelled = `0x00${signature.slice(2)}`
    expect(
      reasonOf(
        verifyPolkadotSignature({ address: polkadotJs.sr25519.polkadot, data, signature: mislabelled }),
      ),
    ).toBe("invalidSignature")
  })

  it("says why a signature cannot even be checked", () => {
    const address = polkadotJs.sr25519.polkadot
    const body = polkadotJs.sr25519.signature.slice(2)
    const cases: ReadonlyArray<[string, string]> = [
      [`0x${body.slice(2)}`, "invalidReply"], // 63 bytes
      [`0x${body}0000`, "invalidReply"], // 66 bytes
      [body, "invalidReply"], // no 0x
      [`0x03${body}`, "invalidReply"], // no such MultiSignature type
      [`0x02${body}`, "unsupportedScheme"], // ecdsa
    ]
    for (const [signature, reason] of cases)
      expect(reasonOf(verifyPolkadotSignature({ address, data, signature })), signature).toBe(reason)
    expect(
      reasonOf(verifyPolkadotSignature({ address: "5Gm", data, signature: polkadotJs.sr25519.signature })),
    ).toBe("invalidAddress")
  })

  it("verifies what an sr25519 or ed25519 key signs and nothing else (any key, any data)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.boolean(),
        fc.nat(),
        (seed, message, useEd25519, flip) => {
          const secret = sr25519.secretFromSeed(seed)
          const publicKey = useEd25519 ? ed25519.getPublicKey(seed) : sr25519.getPublicKey(secret)
          const signature = useEd25519 ? ed25519.sign(message, seed) : sr25519.sign(secret, message)
          const address = genericAddress(publicKey)
          const verified = verifyPolkadotSignature({ address, data: message, signature })
          expect(Result.getOrThrow(verified).scheme).toBe(useEd25519 ? "ed25519" : "sr25519")
          const tampered = Uint8Array.from(signature)
          tampered[flip % 64] = (tampered[flip % 64] ?? 0) ^ (1 << (flip % 8))
          expect(reasonOf(verifyPolkadotSignature({ address, data: message, signature: tampered }))).not.toBe(
            "verified",
          )
        },
      ),
      { numRuns: 30 },
    )
  })

  it("checks wrapped messages exactly as wallets sign them", () => {
    const secret = sr25519.secretFromSeed(new Uint8Array(32).fill(1))
    const address = genericAddress(sr25519.getPublicKey(secret))
    const wrapped = wrapPolkadotMessage("sign in")
    const signature = `0x${hex.encode(sr25519.sign(secret, wrapped))}`
    expect(reasonOf(verifyPolkadotSignature({ address, data: wrapped, signature }))).toBe("verified")
    expect(
      reasonOf(verifyPolkadotSignature({ address, data: new TextEncoder().encode("sign in"), signature })),
    ).toBe("invalidSignature")
  })
})
