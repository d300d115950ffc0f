import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { measureBundle } from "../../bench/bitcoin/bundleSize"

// What browsers download (deterministic, so budgets are tests; the figures themselves are in bench/).
// Markers: strings only the heavy Bitcoin tools contain (BIP-322's and BIP-341's tags), and only the
// Bitcoin connection layer contains (the selector's event name).
const toolsMarkers = ["BIP0322-signed-message", "TapSighash"]
const layerMarker = "sats-connect_wallet-provider-selector"
/** A Bitcoin dApp without a framework: its first paint is the selector element and the client facade. */
const BITCOIN_APP_BUDGET_GZIP = 8 * 1024
/** Issue 11's goal for a Bitcoin-only React app (sats-connect's measured 141 KiB): its first paint. */
const BITCOIN_REACT_FIRST_PAINT_GZIP = 90 * 1024
/** Text only the client's runtime (selection, connectors, §8 errors) carries, never the first paint. */
const runtimeMarkers = ["Failed to select the provider", "wallet_renouncePermissions"]

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

describe("the Bitcoin layer in browser bundles", () => {
  it("an EVM-only dApp downloads none of it", async () => {
    const { chunks } = await measureBundle(path("../size/apps/injectedApp.ts"))
    for (const chunk of chunks) {
      expect(chunk.code).not.toContain(layerMarker)
      for (const marker of toolsMarkers) expect(chunk.code).not.toContain(marker)
    }
  })

  it("a Bitcoin-only React app paints within 90 KiB: the selector element first, the client's runtime after", async () => {
    const { initialGzip, initial, chunks } = await measureBundle(
      path("../../bench/bitcoin/bitcoinReactApp.tsx"),
    )
    expect(initialGzip).toBeLessThanOrEqual(BITCOIN_REACT_FIRST_PAINT_GZIP)
    expect(initial.some((chunk) => chunk.code.includes(layerMarker))).toBe(true)
    const lazy = chunks.filter((chunk) => !initial.includes(chunk))
    for (const marker of runtimeMarkers) {
      expect(initial.some((chunk) => chunk.code.includes(marker))).toBe(false)
      expect(lazy.some((chunk) => chunk.code.includes(marker))).toBe(true)
    }
  })

  it("a Bitcoin dApp stays within its budget and gets PSBT/BIP-322/secp256k1 code only when it asks for it", async () => {
    const { initialGzip, initial, chunks } = await measureBundle(path("../../bench/bitcoin/lazyToolsApp.ts"))
    expect(initialGzip).toBeLessThanOrEqual(BITCOIN_APP_BUDGET_GZIP)
    expect(initial.some((chunk) => chunk.code.includes(layerMarker))).toBe(true)
    for (const chunk of initial) for (const marker of toolsMarkers) expect(chunk.code).not.toContain(marker)
    const lazy = chunks.filter((chunk) => !initial.includes(chunk))
    for (const marker of toolsMarkers) expect(lazy.some((chunk) => chunk.code.includes(marker))).toBe(true)
  })
})
