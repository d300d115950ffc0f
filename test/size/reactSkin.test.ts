import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildPage } from "../browser/support/demoBuild"

/**
 * What a React app with the skin downloads before its first paint: the HTML's entry chunk and every chunk it
 * imports statically (Vite's production build with react-ui's setup, which puts the first paint's modules in one
 * chunk: ~149 KiB, against ~166 KiB in ~40 chunks without it). React alone is ~66 KiB gzip here; Reown AppKit's
 * React app measured 557 KiB and RainbowKit's 275 KiB on these machines.
 */
const INITIAL_BUDGET_GZIP = 150 * 1024

/**
 * Code that must only ever arrive in lazy chunks, by a string each one contains; `demoHasIt` marks what the
 * demo (WalletConnect configured, a send form) does ship, so its lazy chunks must carry it.
 */
const lazyOnly: ReadonlyArray<readonly [what: string, marker: string, demoHasIt: boolean]> = [
  ["WalletConnect's sign-client", "wc_sessionPropose", true],
  ["the QR encoder", "Data too long", true],
  ["the modal", "appkit-modal-title", true],
  ["the send form", "Ready to send", true],
  ["Solana address validation", "Invalid Solana address", true],
  ["Bitcoin address validation", "p2wpkh", true],
  ["a Solana chain adapter", "ComputeBudget", false],
  ["the Bitcoin wallet selector", "sats-connect-wallet-provider-selector", false],
]

interface ManifestChunk {
  readonly file: string
  readonly isEntry?: boolean
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
}
type Manifest = Readonly<Record<string, ManifestChunk>>

const reactUi = fileURLToPath(new URL("../../react-ui/", import.meta.url))

/** A production build of `root`; returns its output directory and Vite's manifest. */
const build = async (root: string) => {
  const outDir = mkdtempSync(join(tmpdir(), "appkit-size-"))
  await buildPage({ outDir, root, manifest: true })
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest
  return { outDir, manifest }
}

/** The entry's chunk files and everything they import statically, transitively. */
const initialFiles = (manifest: Manifest): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (chunk === undefined || seen.has(chunk.file)) return
    seen.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return [...seen]
}

const lazyFiles = (manifest: Manifest, initial: ReadonlyArray<string>) =>
  Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith(".js") && !initial.includes(file))

describe("the React skin's size", () => {
  const builds: Array<string> = []
  let app: Awaited<ReturnType<typeof build>>
  let demo: Awaited<ReturnType<typeof build>>
  beforeAll(async () => {
    app = await build(fileURLToPath(new URL("apps/react-injected", import.meta.url)))
    demo = await build(join(reactUi, "demo"))
    builds.push(app.outDir, demo.outDir)
  }, 120_000)
  afterAll(() => {
    for (const dir of builds) rmSync(dir, { recursive: true, force: true })
  })

  const code = (outDir: string, file: string) => readFileSync(join(outDir, file), "utf8")
  const gzipOf = (outDir: string, files: ReadonlyArray<string>) =>
    files.reduce((total, file) => total + gzipSync(code(outDir, file)).length, 0)

  it("an EVM-injected-only app with React and the connect button starts within 150 KiB gzip", () => {
    const initial = initialFiles(app.manifest)
    const size = gzipOf(app.outDir, initial)
    console.info(`initial JS of the injected-only React app: ${(size / 1024).toFixed(1)} KiB gzip`)
    expect(size).toBeLessThanOrEqual(INITIAL_BUDGET_GZIP)
  })

  it("keeps WalletConnect, the QR code, Solana and Bitcoin code, the modal and its views out of the first paint", () => {
    for (const { outDir, manifest } of [app, demo]) {
      const initial = initialFiles(manifest)
      for (const [what, marker] of lazyOnly) {
        const carrying = initial.filter((file) => code(outDir, file).includes(marker))
        expect(carrying, `${what} in an initial chunk`).toEqual([])
      }
    }
    // The demo (WalletConnect configured) has them all, each behind a dynamic import.
    const lazy = lazyFiles(demo.manifest, initialFiles(demo.manifest)).map((file) => code(demo.outDir, file))
    for (const [what, marker] of lazyOnly.filter(
      ([, m]) =>
        ![
          "ComputeBudget",
          "sats-connect-wallet-provider-selector",
          "p2wpkh",
          "Invalid Solana address",
        ].includes(m),
    )) {
      expect(
        lazy.some((text) => text.includes(marker)),
        `${what} in a lazy chunk`,
      ).toBe(true)
    }
  })

  it("loads every modal view and account tab as a chunk of its own", () => {
    const files = lazyFiles(demo.manifest, initialFiles(demo.manifest))
    for (const name of [
      "AllWallets",
      "Account",
      "ActivityTab",
      "TokensTab",
      "NftsTab",
      "WalletSend",
      "QrCode",
      "RegisterAccountName",
      "UnsupportedChain",
    ]) {
      expect(
        files.some((file) => file.includes(`/${name}-`)),
        name,
      ).toBe(true)
    }
  })
})
