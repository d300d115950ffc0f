import type { OutputChunk } from "rolldown"
import { describe, expect, it } from "vitest"
import { bundle, lazyCost } from "./bundle"

/** Strings only sr25519's code (its Merlin transcript) and the cosmos ADR-036 document contain. */
const markers = { polkadot: "Merlin v1.0", cosmos: "sign/MsgSignData" } as const

/**
 * Budgets for what each lazy chunk adds to the page, gzip, with the shared chunks it pulls in. Measured 18.5 KiB
 * for polkadot (sr25519 with the ed25519/ristretto curve code: the entry's address checks no longer load a
 * curve) and 21.3 KiB for cosmos (its encoders and checks with secp256k1): see bench/multichainChunks.bench.ts.
 */
const LAZY_BUDGET_GZIP = { polkadot: 22 * 1024, cosmos: 24 * 1024 } as const

describe("Polkadot and cosmos code in a browser bundle", () => {
  it("never reaches an app that does not import their subpaths, not even as a lazy chunk", async () => {
    const chunks = await bundle("injectedApp")
    for (const chunk of chunks) {
      expect(chunk.code).not.toContain(markers.polkadot)
      expect(chunk.code).not.toContain(markers.cosmos)
    }
  })

  it("loads only when the app imports @appkit/core/polkadot or /cosmos, each in its own chunk within budget", async () => {
    const chunks = await bundle("polkadotCosmosApp")
    const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
    for (const namespace of ["polkadot", "cosmos"] as const) {
      expect(entry.code).not.toContain(markers[namespace])
      const lazy = chunks.filter((chunk) => chunk.code.includes(markers[namespace]))
      expect(lazy).toHaveLength(1)
      const [chunk] = lazy as [OutputChunk]
      expect(entry.dynamicImports).toContain(chunk.fileName)
      expect(lazyCost(chunks, entry, chunk).gzip).toBeLessThanOrEqual(LAZY_BUDGET_GZIP[namespace])
    }
  })
})
