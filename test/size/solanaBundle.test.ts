import type { OutputChunk } from "rolldown"
import { describe, expect, it } from "vitest"
import { bundle, gzipSize, staticallyLoaded } from "./bundle"
import { hasSolanaCode, solanaMarkers } from "./solanaMarkers"

/**
 * The adapter's lazy chunk: Wallet Standard, its own JSON-RPC client, SOL and SPL transfers on @solana/kit.
 * Measured at 14.7 KiB gzip; bench/solana-size.bench.ts prints it beside the bare @solana/kit transfer floor.
 */
const SOLANA_CHUNK_BUDGET_GZIP = 20 * 1024

describe("Solana in the browser bundle", () => {
  it("an EVM-only app contains no Solana adapter code at all, loaded or lazy", async () => {
    const chunks = await bundle("injectedApp")
    expect(chunks.filter(hasSolanaCode).map((chunk) => chunk.fileName)).toEqual([])
  })

  it("an app that offers Solana loads it only through a lazy chunk, within its budget", async () => {
    const chunks = await bundle("solanaApp")
    const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
    const loaded = staticallyLoaded(chunks, entry)
    expect(loaded.filter(hasSolanaCode)).toEqual([])
    const lazy = chunks.filter(hasSolanaCode)
    expect(lazy).toHaveLength(1)
    const [solana] = lazy as [OutputChunk]
    expect(entry.dynamicImports).toContain(solana.fileName)
    expect(solanaMarkers.every((marker) => solana.code.includes(marker))).toBe(true)
    expect(gzipSize(solana)).toBeLessThanOrEqual(SOLANA_CHUNK_BUDGET_GZIP)
  })
})
