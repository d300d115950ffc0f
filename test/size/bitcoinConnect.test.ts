import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { measureBundle } from "../../bench/bitcoin/bundleSize"

/**
 * Everything the Bitcoin-only React app (bench/bitcoin/bitcoinReactApp.tsx) downloads before it can connect:
 * its first paint and the client's runtime chunk. Measured at 121.0 KiB gzip (122.9 before the connect path
 * stopped loading every stored value's schema and the storage Layer; 120.6 before the Wallet Standard registry
 * became one module for Solana and Bitcoin); sats-connect's app is 141 and issue 11's
 * goal 90. bench/bitcoin-size.bench.ts prints the breakdown and the floor: React with only the parts of Effect
 * the layer is built on (Schema errors and decoders, Stream/Queue) is already 94.6 KiB.
 */
const CONNECT_BUDGET_GZIP = 121.5 * 1024

/** A key of the other §3 stored values (domain/storageKeys): the Bitcoin client reads and writes only its own. */
const otherStoredValueMarker = "@appkit/recent_wallets"

describe("what a Bitcoin-only React app needs to connect", () => {
  it("stays within its budget and carries only the Bitcoin client's own stored key", async () => {
    const { initialGzip, lazyGzip, chunks } = await measureBundle(
      fileURLToPath(new URL("../../bench/bitcoin/bitcoinReactApp.tsx", import.meta.url)),
    )
    expect(initialGzip + lazyGzip).toBeLessThanOrEqual(CONNECT_BUDGET_GZIP)
    expect(chunks.some((chunk) => chunk.code.includes("sats-connect_defaultProvider"))).toBe(true)
    expect(chunks.filter((chunk) => chunk.code.includes(otherStoredValueMarker))).toEqual([])
  })
})
