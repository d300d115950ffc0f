import { base64 } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { verifyBitcoinMessage } from "./verifyMessage"

// Legacy signatures by the key L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1 (bitcoinjs-message's README
// key), made with bitcoinjs-message: the same r and s, four headers (uncompressed, P2PKH, P2SH-P2WPKH, P2WPKH).
const message = "This is an example of a signed message."
const body = "9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk="
const legacy = {
  p2pkh: { address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", signature: `H${body}` },
  uncompressed: { address: "1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN", signature: `G${body}` },
  p2shP2wpkh: { address: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", signature: `I${body}` },
  p2wpkh: { address: "bc1qngw83fg8dz0k749cg7k3emc7v98wy0c74dlrkd", signature: `J${body}` },
}

const verify = (address: string, signature: string, text = message) =>
  Result.getOrThrow(verifyBitcoinMessage({ address, message: text, signature }))

describe("legacy ECDSA message signatures", () => {
  for (const [name, { address, signature }] of Object.entries(legacy))
    it(`verifies the ${name} signature for its address`, () => {
      expect(verify(address, signature)).toEqual({ valid: true, protocol: "ecdsa" })
    })

  it("accepts a segwit signature under the P2PKH header (wallets disagree on headers)", () => {
    expect(verify(legacy.p2wpkh.address, legacy.p2pkh.signature).valid).toBe(true)
  })

  it("refuses another message, another address, and an uncompressed key for a segwit address", () => {
    expect(verify(legacy.p2pkh.address, legacy.p2pkh.signature, `${message} `).valid).toBe(false)
    expect(verify(legacy.uncompressed.address, legacy.p2pkh.signature).valid).toBe(false)
    expect(verify(legacy.p2wpkh.address, legacy.uncompressed.signature).valid).toBe(false)
  })

  it("says ECDSA cannot sign for taproot", () => {
    const verdict = verify(
      "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
      legacy.p2pkh.signature,
    )
    expect(verdict).toMatchObject({
      valid: false,
      protocol: "ecdsa",
      reason: "ECDSA message signatures cannot sign for p2tr addresses",
    })
  })

  it("never accepts a changed signature byte", () => {
    const bytes = base64.decode(legacy.p2pkh.signature)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 255 }), (index, flip) => {
        const changed = Uint8Array.from(bytes)
        changed[index] = (changed[index] as number) ^ flip
        expect(verify(legacy.p2pkh.address, base64.encode(changed)).valid).toBe(false)
      }),
    )
  })
})

describe("verifyBitcoinMessage", () => {
  it("fails with a typed error only for an address that is not Bitcoin's", () => {
    const result = verifyBitcoinMessage({
      address: "0x0000000000000000000000000000000000000000",
      message,
      signature: "x",
    })
    expect(Result.isFailure(result) && result.failure.message).toBe(
      "Invalid address '0x0000000000000000000000000000000000000000'",
    )
  })

  it("gives a verdict (never throws) for any signature text", () => {
    fc.assert(
      fc.property(fc.string(), (signature) => {
        expect(typeof verify(legacy.p2wpkh.address, signature).valid).toBe("boolean")
      }),
    )
  })

  it("names the BIP-322 encoding it verified", () => {
    const verdict = verify(
      "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l",
      "smpAkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=",
      "",
    )
    expect(verdict).toMatchObject({ valid: true, protocol: "bip322-simple", lockTime: 0, sequence: 0 })
  })
})
