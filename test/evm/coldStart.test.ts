import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// The §"cold start" goal of issue 5 (`--help` under 2× bare node) rests on one property a timing cannot
// check reliably: what the bundle's entry loads before any command runs. Everything reachable from it by
// static imports must be commander and our own option declarations — viem, effect, Ink, React and
// WalletConnect only behind the dynamic import() of the command that needs them.
const entry = fileURLToPath(new URL("../../cli/dist/appkit-cli.js", import.meta.url))

// rolldown (minify off) writes top-level static imports at the start of a line; import("…") is dynamic.
const staticImport = /^(?:import|export)\s[^;]*?from\s+"([^"]+)"|^import\s+"([^"]+)"/gm
// …and names every bundled module's source in a region comment: `// ../node_modules/<pkg>/…`.
const bundledPackage = /^\/\/ (?:\.\.\/)*node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm

// Chunks are shared between closures and some are megabytes: read each once.
const texts = new Map<string, string>()
const textOf = (path: string) => {
  const text = texts.get(path) ?? readFileSync(path, "utf8")
  texts.set(path, text)
  return text
}

const staticClosure = (file: string) => {
  const files = new Set<string>()
  const externals = new Set<string>()
  const visit = (path: string) => {
    if (files.has(path)) return
    files.add(path)
    for (const match of textOf(path).matchAll(staticImport)) {
      const specifier = match[1] ?? match[2] ?? ""
      if (specifier.startsWith(".")) visit(resolve(dirname(path), specifier))
      else externals.add(specifier)
    }
  }
  visit(file)
  const packages = new Set(
    [...files].flatMap((path) => [...textOf(path).matchAll(bundledPackage)].map((m) => m[1])),
  )
  return { files, externals, packages }
}

describe("appkit-cli cold start", () => {
  it("statically loads only commander and node built-ins; heavy libraries stay behind import()", () => {
    const { externals, packages } = staticClosure(entry)
    expect([...packages]).toEqual(["commander"])
    expect([...externals].filter((specifier) => !specifier.startsWith("node:"))).toEqual([])
  })

  it("still reaches viem, effect and Ink through dynamic imports (the check above can see a package)", () => {
    const bundle = textOf(entry)
    const dynamic = [...bundle.matchAll(/import\("(\.\/chunks\/[^"]+)"\)/g)].map((m) => m[1] ?? "")
    const reachable = new Set(
      dynamic.flatMap((chunk) => [...staticClosure(resolve(dirname(entry), chunk)).packages]),
    )
    for (const heavy of ["viem", "effect", "ink", "react"]) expect(reachable).toContain(heavy)
  })
})
