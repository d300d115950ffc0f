import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { type OutputChunk, rolldown } from "rolldown"
import { browserSourceConditions } from "../support/sourceConditions"

/** Builds an entry file for the browser, minified, as a dApp's bundler would; returns its chunks. */
export const bundleEntry = async (input: string): Promise<ReadonlyArray<OutputChunk>> => {
  const build = await rolldown({
    input,
    platform: "browser",
    // From the sources, as the packaged dist would be built from them.
    resolve: { conditionNames: browserSourceConditions },
    logLevel: "silent",
  })
  const { output } = await build.generate({ format: "esm", minify: true })
  await build.close()
  return output.filter((item): item is OutputChunk => item.type === "chunk")
}

/** One of apps/*.ts, bundled. */
export const bundle = (app: string): Promise<ReadonlyArray<OutputChunk>> =>
  bundleEntry(fileURLToPath(new URL(`apps/${app}.ts`, import.meta.url)))

/** The chunk and every chunk it imports statically, transitively: what a page loads before any dynamic import. */
export const staticallyLoaded = (
  chunks: ReadonlyArray<OutputChunk>,
  from: OutputChunk,
): ReadonlyArray<OutputChunk> => {
  const loaded = new Set<OutputChunk>()
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk)) return
    loaded.add(chunk)
    for (const name of chunk.imports) {
      const next = chunks.find((c) => c.fileName === name)
      if (next) visit(next)
    }
  }
  visit(from)
  return [...loaded]
}

/**
 * Every chunk a page may fetch later from `from`: its dynamic imports, what they import, and so on (a lazy chunk
 * may load further code lazily itself).
 */
export const lazilyReachable = (
  chunks: ReadonlyArray<OutputChunk>,
  from: OutputChunk,
): ReadonlyArray<OutputChunk> => {
  const reached = new Set<OutputChunk>()
  const visit = (names: ReadonlyArray<string>) => {
    for (const name of names) {
      const next = chunks.find((c) => c.fileName === name)
      if (next === undefined || reached.has(next)) continue
      reached.add(next)
      visit([...next.imports, ...next.dynamicImports])
    }
  }
  for (const chunk of staticallyLoaded(chunks, from)) visit(chunk.dynamicImports)
  return [...reached]
}

/** Gzip bytes of a chunk, or of several downloaded one by one. */
export const gzipSize = (chunks: OutputChunk | ReadonlyArray<OutputChunk>): number =>
  (Array.isArray(chunks) ? chunks : [chunks]).reduce(
    (total: number, chunk: OutputChunk) => total + gzipSync(chunk.code).length,
    0,
  )

/**
 * What loading the lazy chunk `chunk` adds to a page that loaded `entry`: the chunk and the chunks it imports
 * that the entry does not, gzip bytes each.
 */
export const lazyCost = (chunks: ReadonlyArray<OutputChunk>, entry: OutputChunk, chunk: OutputChunk) => {
  const added = [
    chunk,
    ...chunks.filter(
      (other) =>
        other !== entry && chunk.imports.includes(other.fileName) && !entry.imports.includes(other.fileName),
    ),
  ]
  return { chunks: added.length, gzip: added.reduce((total, part) => total + gzipSize(part), 0) }
}
