import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

/**
 * The core's layers, lowest first (ARCHITECTURE.md): an import only ever points down, or sideways within its
 * layer as long as no two folders import each other. Test files may import anything (test support lives in
 * testing/, the top; support that needs the fixtures or vitest is named `*.testSupport.ts` and never ships). The package's entry files at the root sit above every folder.
 */
const layers: ReadonlyArray<ReadonlyArray<string>> = [
  ["domain"],
  ["validation", "errors", "config"],
  ["storage", "http", "rpc"],
  ["api", "siwx", "chains", "connectors"],
  ["state"],
  ["appkit"],
  ["testing"],
]
const entryRank = layers.length

const rankOf = (folder: string): number => {
  const rank = layers.findIndex((layer) => layer.includes(folder))
  return rank === -1 ? entryRank : rank
}

/** The folder of a path relative to src/ ("state/Account.ts" → "state"; a root file → ""). */
const folderOf = (path: string) => (path.includes("/") ? (path.split("/")[0] as string) : "")

const specifiers = (source: string): ReadonlyArray<string> =>
  [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((match) => (match[1] ?? match[2]) as string)

export interface Violation {
  readonly from: string
  readonly to: string
  readonly rule: string
}

/** Every import that breaks the layering, for files given as paths relative to src/ with their source. */
export const layerViolations = (files: ReadonlyMap<string, string>): ReadonlyArray<Violation> => {
  const violations: Array<Violation> = []
  const sideways = new Map<string, Set<string>>()
  for (const [path, source] of files) {
    if (/\.test(?:Support)?\.tsx?$/.test(path)) continue
    const from = folderOf(path)
    for (const specifier of specifiers(source)) {
      if (!specifier.startsWith(".")) {
        if (from === "domain" && specifier !== "effect" && !specifier.startsWith("effect/"))
          violations.push({ from: path, to: specifier, rule: "domain imports only effect" })
        if (specifier.startsWith("@appkit/"))
          violations.push({ from: path, to: specifier, rule: "the core imports no other AppKit package" })
        continue
      }
      const target = relative(".", join(dirname(path), specifier))
      const to = folderOf(target)
      if (to === from) continue
      if (rankOf(to) > rankOf(from))
        violations.push({
          from: path,
          to: target,
          rule: `${from || "the root"} may not import ${to || "the root"}`,
        })
      else if (rankOf(to) === rankOf(from)) sideways.set(from, (sideways.get(from) ?? new Set()).add(to))
    }
  }
  for (const [from, targets] of sideways)
    for (const to of targets)
      if (from < to && sideways.get(to)?.has(from))
        violations.push({ from, to, rule: `${from} and ${to} import each other` })
  return violations
}

const src = dirname(fileURLToPath(import.meta.url))
const sourceFiles = (): ReadonlyMap<string, string> =>
  new Map(
    readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((path) => /\.tsx?$/.test(path))
      .map((path) => [path.split("\\").join("/"), readFileSync(join(src, path), "utf8")]),
  )

describe("the core's layers", () => {
  it("has no import running up a layer, no sideways cycle, and a domain that imports only effect", () => {
    const files = sourceFiles()
    expect(files.size).toBeGreaterThan(100)
    expect(layerViolations(files)).toEqual([])
  })

  it("catches each kind of violation (the check itself can fail)", () => {
    const files = new Map([
      [
        "domain/account.ts",
        'import { Schema } from "effect"\nimport { parseUnits } from "../validation/amount"',
      ],
      ["domain/token.ts", 'import { keccak_256 } from "@noble/hashes/sha3.js"'],
      ["validation/amount.ts", 'import { Storage } from "../storage/Storage"'],
      ["api/layer.ts", 'export { x } from "../siwx/nonce"'],
      ["siwx/nonce.ts", 'const lazy = () => import("../api/layer")'],
      ["state/Send.ts", 'import { fileStorage } from "@appkit/core/node"'],
      ["state/Account.ts", 'import type { Network } from "../domain/network"\nimport { Send } from "./Send"'],
      ["domain/account.test.ts", 'import { runState } from "../testing/testkit"'],
    ])
    expect(layerViolations(files)).toEqual([
      { from: "domain/account.ts", to: "validation/amount", rule: "domain may not import validation" },
      { from: "domain/token.ts", to: "@noble/hashes/sha3.js", rule: "domain imports only effect" },
      { from: "validation/amount.ts", to: "storage/Storage", rule: "validation may not import storage" },
      { from: "state/Send.ts", to: "@appkit/core/node", rule: "the core imports no other AppKit package" },
      { from: "api", to: "siwx", rule: "api and siwx import each other" },
    ])
  })
})
