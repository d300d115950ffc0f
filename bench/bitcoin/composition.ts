import { gzipSync } from "node:zlib"
import type { OutputChunk } from "rolldown"

/** Who a bundled module belongs to: a package name, or our workspace package for our own sources. */
const ownerOf = (moduleId: string): string => {
  const inPackage = moduleId.split("node_modules/").at(-1) as string
  if (inPackage !== moduleId) {
    const parts = inPackage.split("/")
    const name = parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string)
    return name === "react-dom" || name === "scheduler" ? "react" : name
  }
  const workspace = /\/(core|react-ui|fixtures|bench)\/src\//.exec(moduleId)?.[1]
  return workspace === undefined ? "other" : `@appkit/${workspace}`
}

export interface Share {
  readonly owner: string
  readonly gzip: number
}

/**
 * The chunks' gzipped bytes split by owner. Gzip compresses across module boundaries, so each module is
 * weighed by its own gzipped size and the weights are scaled to the chunk's real gzipped size.
 */
export const gzipByOwner = (chunks: ReadonlyArray<OutputChunk>): ReadonlyArray<Share> => {
  const totals = new Map<string, number>()
  for (const chunk of chunks) {
    const modules = Object.entries(chunk.modules).filter(([, module]) => module.code)
    const weights = modules.map(([id, module]) => [id, gzipSync(module.code ?? "").length] as const)
    const weighed = weights.reduce((sum, [, weight]) => sum + weight, 0)
    const actual = gzipSync(chunk.code).length
    for (const [id, weight] of weights) {
      const owner = ownerOf(id)
      totals.set(owner, (totals.get(owner) ?? 0) + (weighed === 0 ? 0 : (weight / weighed) * actual))
    }
  }
  return [...totals].map(([owner, gzip]) => ({ owner, gzip })).sort((a, b) => b.gzip - a.gzip)
}

/** The same for Effect's own modules, by file (`Schema.js`, `internal/effect.js`, `http/Cookies.js`…). */
export const effectModules = (chunks: ReadonlyArray<OutputChunk>, top: number): ReadonlyArray<Share> => {
  const sizes = new Map<string, number>()
  for (const chunk of chunks)
    for (const [id, module] of Object.entries(chunk.modules)) {
      const file = /node_modules\/effect\/dist\/(.+)$/.exec(id)?.[1]
      if (file !== undefined && module.code) sizes.set(file, gzipSync(module.code).length)
    }
  return [...sizes]
    .map(([owner, gzip]) => ({ owner, gzip }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, top)
}
