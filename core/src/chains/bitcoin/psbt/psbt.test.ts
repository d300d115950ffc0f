import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { decodePsbtBase64 } from "./psbt"

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
      const decoded = decodePsbtBase64(vector.input)
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
