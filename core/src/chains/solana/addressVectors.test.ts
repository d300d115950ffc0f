import { base58 } from "@scure/base"
import { isAddress } from "@solana/kit"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../../testing/vectors"
import { isOnEd25519Curve as isOnCurve } from "../../validation/address/ed25519Curve"
import { solanaAddress } from "./addresses"

// ../shared/vectors/solana-addresses.json through the adapter's own address gate (what every balance and
// transfer passes), beside validateAddress's conformance test: the verdict, the decoded bytes where a
// vector states them, the curve membership its check recomputed, and agreement with @solana/kit.

interface AddressVector extends Vector {
  readonly input: string
  readonly valid: boolean
  readonly check?: { readonly on_ed25519_curve?: boolean; readonly decoded_len?: number }
}

describe("solana-addresses.json through the Solana adapter", () => {
  for (const vector of loadVectors<AddressVector>("solana-addresses.json").vectors) {
    it(vector.id, () => {
      const exit = Effect.runSyncExit(solanaAddress(vector.input))
      expect(Exit.isSuccess(exit)).toBe(vector.valid)
      expect(isAddress(vector.input)).toBe(vector.valid)
      if (!vector.valid) return
      const bytes = base58.decode(vector.input)
      const expectedBytes = vector.expected?.bytes
      if (Array.isArray(expectedBytes)) expect([...bytes]).toEqual(expectedBytes)
      const prefix = vector.expected?.bytes_prefix
      if (Array.isArray(prefix)) expect([...bytes.slice(0, prefix.length)]).toEqual(prefix)
      const onCurve = vector.expected?.on_ed25519_curve ?? vector.check?.on_ed25519_curve
      if (typeof onCurve === "boolean") expect(isOnCurve(bytes)).toBe(onCurve)
    })
  }
})
