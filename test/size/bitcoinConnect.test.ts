import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { measureBundle } from "../../bench/bitcoin/bundleSize"

/**
 * Everything the Bitcoin-only React app (bench/bitcoin/bitcoinReactApp.tsx) downloads before it can connect:
 * its first paint and the client's runtime chunk. Issue 11's goal is 90 KiB gzip (sats-connect's app is 141).
 * Measured at 87.5 KiB (React 66, our Bitcoin code 14.7, the selector 2.5, @noble/hashes + @scure/base 3.9)
 * once the connect path (discovery, selection, the request client, the browser-wallet connectors, the request
 * protocol and their errors) became plain TypeScript over Promises; 121.0 before, when it was built on Effect,
 * whose floor beside React with a Schema error class alone is 89.6 KiB (bench/bitcoin-size.bench.ts prints the
 * breakdown and those floors).
 */
const CONNECT_BUDGET_GZIP = 88 * 1024

/** A key of the other §3 stored values (domain/storageKeys): the Bitcoin client reads and writes only its own. */
const otherStoredValueMarker = "@appkit/recent_wallets"

/** A module of the effect package, by its path in the bundle's module graph. */
const effectModule = /[\\/]node_modules[\\/]effect[\\/]/

describe("what a Bitcoin-only React app needs to connect", () => {
  it("stays within its budget, loads no Effect, and carries only the Bitcoin client's own stored key", async () => {
    const { initialGzip, lazyGzip, chunks } = await measureBundle(
      fileURLToPath(new URL("../../bench/bitcoin/bitcoinReactApp.tsx", import.meta.url)),
    )
    expect(initialGzip + lazyGzip).toBeLessThanOrEqual(CONNECT_BUDGET_GZIP)
    expect(chunks.flatMap((chunk) => chunk.moduleIds.filter((id) => effectModule.test(id)))).toEqual([])
    expect(chunks.some((chunk) => chunk.code.includes("sats-connect_defaultProvider"))).toBe(true)
    expect(chunks.filter((chunk) => chunk.code.includes(otherStoredValueMarker))).toEqual([])
  })
})
