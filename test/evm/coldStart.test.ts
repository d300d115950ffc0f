import { fileURLToPath } from "node:url"
import { type OutputChunk, rolldown } from "rolldown"
import { beforeAll, describe, expect, it } from "vitest"
import config from "../../cli/rolldown.config"

// Start-up rests on what each part of the bundle loads, which a timing cannot check reliably (issue 9 §3,
// bench/cli-startup.bench.ts prints the figures). Built here with the CLI's own config, the chunk graph
// says it exactly: the entry loads commander and our option declarations only; each command's action is
// its own chunk, reached by import(), loading what that command uses and no more.
const cliDir = fileURLToPath(new URL("../../cli/", import.meta.url))
const chunks = new Map<string, OutputChunk>()

beforeAll(async () => {
  const build = await rolldown({ ...config, cwd: cliDir })
  const { output } = await build.generate({ ...config.output, minify: false })
  await build.close()
  for (const file of output) if (file.type === "chunk") chunks.set(file.fileName, file)
}, 60_000)

const entry = () => [...chunks.values()].find((chunk) => chunk.isEntry) as OutputChunk

/** The npm package a bundled module came from, or undefined for our own sources. */
const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1]

/** What loading `start` loads before anything else runs: its static imports, transitively. */
const staticClosure = (start: OutputChunk) => {
  const files = new Set<string>()
  const externals = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return
    files.add(chunk.fileName)
    for (const imported of chunk.imports) {
      const next = chunks.get(imported)
      if (next) visit(next)
      else externals.add(imported)
    }
  }
  visit(start)
  const packages = new Set(
    [...files].flatMap((file) => (chunks.get(file)?.moduleIds ?? []).flatMap((id) => packageOf(id) ?? [])),
  )
  return { files, externals, packages }
}

/** The chunk that `import("../actions/<name>")` loads. */
const actionChunk = (name: string) => {
  const chunk = [...chunks.values()].find((candidate) =>
    candidate.moduleIds.some((id) => id.endsWith(`/src/actions/${name}.ts`)),
  )
  if (chunk === undefined) throw new Error(`no chunk holds the ${name} action`)
  return chunk
}

describe("appkit-cli start-up, by what it loads", () => {
  it("the entry statically loads only commander and node built-ins; heavy libraries stay behind import()", () => {
    const { externals, packages } = staticClosure(entry())
    expect([...packages]).toEqual(["commander"])
    expect([...externals].filter((specifier) => !specifier.startsWith("node:"))).toEqual([])
  })

  it("every command's action is a chunk of its own, reached by import() from the entry", () => {
    for (const action of [
      "address",
      "amount",
      "balance",
      "btc",
      "caip",
      "connect",
      "psbt",
      "send",
      "sign",
      "siwe",
      "tokens",
    ]) {
      const chunk = actionChunk(action)
      expect(chunk.isDynamicEntry).toBe(true)
      expect(entry().dynamicImports).toContain(chunk.fileName)
    }
  })

  it("a toolbox command loads neither viem, nor Ink, nor WalletConnect", () => {
    for (const toolbox of ["address", "amount", "caip", "rpc", "siwe"]) {
      const { packages, externals } = staticClosure(actionChunk(toolbox))
      expect(
        [...packages].filter((name) => ["viem", "ink", "react", "ox"].includes(name)),
        toolbox,
      ).toEqual([])
      expect([...externals].filter((specifier) => specifier.startsWith("@walletconnect/"))).toEqual([])
    }
  })

  it("balance loads viem but never WalletConnect or Ink; connect reaches Ink only through import()", () => {
    const balance = staticClosure(actionChunk("balance"))
    expect(balance.packages.has("viem")).toBe(true)
    expect(balance.packages.has("ink")).toBe(false)
    expect([...balance.externals].filter((specifier) => specifier.startsWith("@walletconnect/"))).toEqual([])
    expect(staticClosure(actionChunk("connect")).packages.has("ink")).toBe(false)
  })

  it("no chunk holds the effect barrel: a command gets the Effect modules it names, not all 234", () => {
    // One `import("effect")` makes the barrel a chunk of its own, and then every command that uses any Effect
    // module loads all of effect (904 kB minified) with it.
    const barrel = [...chunks.values()].filter((chunk) =>
      chunk.moduleIds.some((id) => /node_modules\/effect\/dist\/index\.js$/.test(id)),
    )
    expect(barrel.map((chunk) => chunk.fileName)).toEqual([])
    const effectModules = (action: string) =>
      [...staticClosure(actionChunk(action)).files].flatMap((file) =>
        (chunks.get(file)?.moduleIds ?? []).filter((id) => packageOf(id) === "effect"),
      )
    for (const toolbox of ["address", "amount", "caip"])
      expect(
        effectModules(toolbox).some((id) => /\/(Stream|Channel|Trie)\.js$/.test(id)),
        toolbox,
      ).toBe(false)
  })

  it("psbt inspect loads the PSBT tools but not the Bitcoin wallet side (selector, connectors, signers)", () => {
    const { files } = staticClosure(actionChunk("psbt"))
    const ids = [...files].flatMap((file) => chunks.get(file)?.moduleIds ?? [])
    expect(ids.some((id) => id.endsWith("/chains/bitcoin/psbt/psbt.ts"))).toBe(true)
    expect(
      ids.filter((id) =>
        /\/chains\/bitcoin\/(selection|connectors|wallets)\/|\/src\/btcWallet\.ts$/.test(id),
      ),
    ).toEqual([])
  })
})
