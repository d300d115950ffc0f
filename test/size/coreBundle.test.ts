import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { type OutputChunk, rolldown } from "rolldown"
import { describe, expect, it } from "vitest"

/**
 * Size budgets for what a browser dApp downloads before its first dynamic import (deterministic, so they are
 * tests; speed is only ever benchmarked). The entry and the chunks it imports statically count; what loads on
 * first use (sign-in, the API clients, address rules, viem's reading code, sign-client) does not. Measured:
 * 82.6 KiB gzip for the injected-only app (it was 115 KiB while createAppKit pulled every namespace's
 * validators, the SIWX verifier and effect's HTTP stack statically).
 */
const INITIAL_BUDGET_GZIP = 86 * 1024

/** A string only @walletconnect/sign-client's code contains (its session-proposal RPC method). */
const signClientMarker = "wc_sessionPropose"

const bundle = async (app: string): Promise<ReadonlyArray<OutputChunk>> => {
  const build = await rolldown({
    input: fileURLToPath(new URL(`apps/${app}.ts`, import.meta.url)),
    platform: "browser",
    // From the sources, as the packaged dist would be built from them ("@appkit/source" in core's exports).
    resolve: { conditionNames: ["@appkit/source", "browser", "import", "default"] },
    logLevel: "silent",
  })
  const { output } = await build.generate({ format: "esm", minify: true })
  await build.close()
  return output.filter((item): item is OutputChunk => item.type === "chunk")
}

/** The chunk and every chunk it imports statically, transitively: what a page loads before any dynamic import. */
const staticallyLoaded = (
  chunks: ReadonlyArray<OutputChunk>,
  from: OutputChunk,
): ReadonlyArray<OutputChunk> => {
  const loaded = new Set<OutputChunk>()
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk)) return
    loaded.add(chunk)
    for (const name of chunk.imports) {
      const next = chunks.find((c) => c.fileName === name)
      if (next) visit(next)
    }
  }
  visit(from)
  return [...loaded]
}

const gzipSize = (chunks: ReadonlyArray<OutputChunk>) =>
  chunks.reduce((total, chunk) => total + gzipSync(chunk.code).length, 0)

describe("the browser bundle of @appkit/core", () => {
  it("an injected-wallet dApp stays within its budget and never downloads WalletConnect or Node built-ins", async () => {
    const chunks = await bundle("injectedApp")
    const entry = chunks.find((chunk) => chunk.isEntry)
    expect(entry).toBeDefined()
    // createAppKit can build a WalletConnect connector from its options, so sign-client's lazy chunk exists;
    // what the page downloads (the entry and its static imports) must not contain it.
    const loaded = staticallyLoaded(chunks, entry as OutputChunk)
    expect(gzipSize(loaded)).toBeLessThanOrEqual(INITIAL_BUDGET_GZIP)
    for (const chunk of loaded) {
      expect(chunk.code).not.toContain(signClientMarker)
      expect(chunk.code).not.toMatch(/["']node:/)
    }
    const lazy = chunks.filter((chunk) => chunk.code.includes(signClientMarker))
    expect(
      lazy.every((chunk) => !loaded.includes(chunk) && entry?.dynamicImports.includes(chunk.fileName)),
    ).toBe(true)
  })

  it("a WalletConnect dApp loads sign-client only through a lazy chunk", async () => {
    const chunks = await bundle("walletConnectApp")
    const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
    const loaded = staticallyLoaded(chunks, entry)
    for (const chunk of loaded) expect(chunk.code).not.toContain(signClientMarker)
    expect(gzipSize(loaded)).toBeLessThanOrEqual(INITIAL_BUDGET_GZIP)
    const lazy = chunks.filter((chunk) => !chunk.isEntry && chunk.code.includes(signClientMarker))
    expect(lazy).toHaveLength(1)
    expect(entry.dynamicImports).toContain(lazy[0]?.fileName)
  })
})
