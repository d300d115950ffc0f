import { loadVectors, type Vector } from "@appkit/core/testing"
import { beforeAll, describe, expect, it } from "vitest"
import { type CliResult, pooled, runCli } from "../support/cli"

/**
 * `psbt inspect` against every psbt.json vector: BIP-174 and BIP-370's verdicts, and for a valid PSBT its
 * version and its counts of inputs and outputs. "fails_signer_checks" PSBTs parse (only a signer refuses
 * them); a PSBT a creator has not given inputs yet is valid, with no fee to tell.
 */
interface PsbtVector extends Vector {
  readonly input: string
  readonly valid: boolean
  readonly expected?: { readonly inputs: number; readonly outputs: number; readonly psbt_version: number }
}

const { vectors } = loadVectors<PsbtVector>("psbt.json")

describe("psbt inspect agrees with psbt.json", () => {
  let results: ReadonlyArray<CliResult>
  beforeAll(async () => {
    results = await pooled(vectors, 4, (vector) => runCli(["psbt", "inspect", vector.input, "--json"]))
  }, 120_000)

  it.each(vectors.map((vector, index) => [vector.id, vector, index] as const))("%s", (_id, vector, index) => {
    const result = results[index] as CliResult
    const report = JSON.parse(result.stdout) as {
      valid: boolean
      version?: number
      inputs?: ReadonlyArray<unknown>
      outputs?: ReadonlyArray<unknown>
    }
    expect([report.valid, result.code]).toEqual([vector.valid, vector.valid ? 0 : 1])
    if (vector.expected !== undefined)
      expect([report.version, report.inputs?.length, report.outputs?.length]).toEqual([
        vector.expected.psbt_version,
        vector.expected.inputs,
        vector.expected.outputs,
      ])
  })

  it("shows no fee for a PSBT without inputs, rather than calling it overspent", async () => {
    const empty = vectors.find((vector) => vector.id.startsWith("BIP-174 valid #30")) as PsbtVector
    const result = await runCli(["psbt", "inspect", empty.input])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^ {2}fee {8}none yet \(no inputs\)$/m)
    expect(result.stdout).not.toMatch(/invalid/)
  })
})
