import { existsSync, readFileSync } from "node:fs"
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
    // Every chunk reachable through import("…") from the entry, then from those chunks, and so on.
    const dynamicChunks = new Set<string>()
    const follow = (file: string) => {
      for (const path of staticClosure(file).files)
        for (const match of textOf(path).matchAll(/import\("(\.\.?\/[^"]+)"\)/g)) {
          const chunk = resolve(dirname(path), match[1] ?? "")
          // Bundled libraries quote import() calls of their own in strings; only our chunks count.
          if (dynamicChunks.has(chunk) || !existsSync(chunk)) continue
          dynamicChunks.add(chunk)
          follow(chunk)
        }
    }
    follow(entry)
    const reachable = new Set([...dynamicChunks].flatMap((chunk) => [...staticClosure(chunk).packages]))
    for (const heavy of ["viem", "effect", "ink", "react"]) expect(reachable).toContain(heavy)
  })

  it("loads a command's action from its own chunk: a toolbox command never loads viem or WalletConnect", () => {
    const bundle = textOf(entry)
    const actionChunk = (name: string) => {
      const match = new RegExp(`import\\("(\\./chunks/${name}-[^"]+)"\\)`).exec(bundle)
      if (!match?.[1]) throw new Error(`no chunk for the ${name} action`)
      return resolve(dirname(entry), match[1])
    }
    for (const toolbox of ["address", "amount", "caip"]) {
      const { packages, externals } = staticClosure(actionChunk(toolbox))
      expect(packages.has("viem")).toBe(false)
      expect([...externals].filter((specifier) => specifier.startsWith("@walletconnect/"))).toEqual([])
    }
  })
})
