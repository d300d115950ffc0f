import { base64 } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { summarizePsbt } from "./inspect"
import { decodePsbt, decodePsbtText } from "./psbt"

interface PsbtVector {
  readonly id: string
  readonly section: string
  readonly valid: boolean
  readonly input: string
  readonly reason?: string
  readonly expected?: {
    inputs: number
    outputs: number
    psbt_version: number
    computed_locktime?: number | null
  }
}

const { vectors } = loadVectors<PsbtVector>("psbt.json")

describe("psbt.json conformance (BIP-174 and BIP-370)", () => {
  for (const vector of vectors) {
    it(vector.id, () => {
      const decoded = decodePsbtText(vector.input)
      if (!vector.valid) {
        expect(Result.isFailure(decoded), `accepted: ${vector.reason}`).toBe(true)
        return
      }
      const psbt = Result.getOrThrow(decoded)
      expect(psbt.version).toBe(vector.expected?.psbt_version)
      expect(psbt.inputs).toHaveLength(vector.expected?.inputs ?? -1)
      expect(psbt.outputs).toHaveLength(vector.expected?.outputs ?? -1)
      if (vector.expected && "computed_locktime" in vector.expected)
        expect(psbt.lockTime).toBe(vector.expected.computed_locktime ?? undefined)
    })
  }
})

describe("summarizePsbt", () => {
  const byId = (prefix: string) => vectors.find((vector) => vector.id.startsWith(prefix)) as PsbtVector

  it("computes the fee once every spent amount is known (BIP-174 #24: 99999699 + 100000000 in)", () => {
    const summary = summarizePsbt(Result.getOrThrow(decodePsbtText(byId("BIP-174 valid #24").input)))
    expect(summary.inputs.map((input) => input.value)).toEqual([99_999_699n, 100_000_000n])
    expect(summary.totalInput).toBe(199_999_699n)
    expect(summary.fee).toBe(90_341n)
    expect(summary.fee).toBe((summary.totalInput as bigint) - summary.totalOutput)
    expect(summary.outputs.map((output) => output.address?.[0])).toEqual(["1", "1"])
  })

  it("shows a finalized input as signed and leaves the fee unknown when an amount is missing (#22)", () => {
    const summary = summarizePsbt(Result.getOrThrow(decodePsbtText(byId("BIP-174 valid #22").input)))
    expect(summary.inputs.map((input) => [input.signed, input.finalized])).toEqual([
      [true, true],
      [false, false],
    ])
    expect(summary.inputs[0]?.value).toBeUndefined()
    expect(summary.fee).toBeUndefined()
  })

  it("has no fee to tell while a PSBT has no inputs (#30), rather than one as negative as its outputs", () => {
    const summary = summarizePsbt(Result.getOrThrow(decodePsbtText(byId("BIP-174 valid #30").input)))
    expect([summary.inputs.length, summary.outputs.length]).toEqual([0, 2])
    expect(summary.totalInput).toBe(0n)
    expect(summary.fee).toBeUndefined()
  })

  it("counts partial signatures of a combined PSBT (BIP-174 workflow #40)", () => {
    const summary = summarizePsbt(Result.getOrThrow(decodePsbtText(byId("BIP-174 workflow #40").input)))
    expect(summary.inputs.map((input) => input.signatures)).toEqual([2, 2])
    expect(summary.inputs.every((input) => input.signed && !input.finalized)).toBe(true)
  })
})

describe("decodePsbt on arbitrary input", () => {
  const valid = vectors.filter((vector) => vector.valid).map((vector) => base64.decode(vector.input))

  it("answers a PSBT or an InvalidPsbtError for any byte changed in a valid PSBT, and never throws", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, at, flip) => {
          const changed = Uint8Array.from(bytes)
          const index = at % changed.length
          changed[index] = (changed[index] as number) ^ flip
          const decoded = decodePsbt(changed)
          if (Result.isFailure(decoded)) expect(decoded.failure._tag).toBe("InvalidPsbtError")
        },
      ),
    )
  })

  it("refuses every truncation of a valid PSBT", () => {
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), (bytes, cut) => {
        expect(Result.isFailure(decodePsbt(bytes.subarray(0, cut % bytes.length)))).toBe(true)
      }),
    )
  })
})
