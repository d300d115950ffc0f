import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

/**
 * The Bitcoin browser-wallet connect path loads no Effect (issue 11: a Bitcoin-only app connects within
 * 90 KiB): no module of request/ or connectors/ (but the WalletConnect bip122 connector, which sits on the
 * core's Effect connector) imports a value from `effect`, directly or through any core module it imports.
 * Type-only imports are erased and followed no further; `import { type A }` is kept as a bare import under
 * verbatimModuleSyntax, so it counts as an import of its module.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), "../../..")
const bitcoin = join(src, "chains/bitcoin")

/** The modules an import statement loads at run time ("import type"/"export type" load nothing). */
export const runtimeImports = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^;"]*?\s+from\s+)?"([^"]+)"/g)]
    .filter((match) => match[2] === undefined)
    .map((match) => match[3] as string)

const resolveModule = (from: string, specifier: string): string | undefined => {
  const base = join(dirname(from), specifier)
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((candidate) => existsSync(candidate))
}

const isEffect = (specifier: string) => specifier === "effect" || specifier.startsWith("effect/")

/** Every import of `effect` reachable from `entries`, each with the chain of modules that leads to it. */
export const effectImportsReachedFrom = (entries: ReadonlyArray<string>): ReadonlyArray<string> => {
  const chains = new Map<string, ReadonlyArray<string>>(entries.map((entry) => [entry, [entry]]))
  const queue = [...entries]
  const found: Array<string> = []
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const chain = chains.get(file) ?? [file]
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      if (isEffect(specifier)) {
        found.push([...chain.map((path) => relative(src, path)), specifier].join(" → "))
        continue
      }
      if (!specifier.startsWith(".")) continue
      const target = resolveModule(file, specifier)
      if (target === undefined || chains.has(target)) continue
      chains.set(target, [...chain, target])
      queue.push(target)
    }
  }
  return found
}

const connectPathModules = ["request", "connectors"].flatMap((folder) =>
  readdirSync(join(bitcoin, folder))
    .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== "walletConnect.ts")
    .map((name) => join(bitcoin, folder, name)),
)

describe("the Bitcoin connect path without Effect", () => {
  it("reads which modules an import statement loads, type-only ones excepted", () => {
    expect(
      runtimeImports(
        [
          'import type { A } from "effect"',
          'import { type B, C } from "./c"',
          'import { type D } from "./d"',
          'export type { E } from "./e"',
          'export { F } from "./f"',
          'import "./g"',
          'import {\n  H,\n  type I,\n} from "./h"',
        ].join("\n"),
      ),
    ).toEqual(["./c", "./d", "./f", "./g", "./h"])
  })

  it("finds an effect import behind a chain of modules (the check can fail)", () => {
    const walletConnect = join(bitcoin, "connectors/walletConnect.ts")
    expect(effectImportsReachedFrom([walletConnect])).toContain(
      "chains/bitcoin/connectors/walletConnect.ts → effect",
    )
  })

  it("reaches no effect import from request/ or connectors/ (but walletConnect.ts)", () => {
    expect(connectPathModules.length).toBeGreaterThan(10)
    expect(effectImportsReachedFrom(connectPathModules)).toEqual([])
  })
})
