import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { type OutputChunk, rolldown } from "rolldown"

/** Builds `apps/<app>.ts` for the browser, minified, as a dApp's bundler would: its chunks. */
export const bundle = async (app: string): Promise<ReadonlyArray<OutputChunk>> => {
  const build = await rolldown({
    input: fileURLToPath(new URL(`apps/${app}.ts`, import.meta.url)),
    platform: "browser",
    logLevel: "silent",
  })
  const { output } = await build.generate({ format: "esm", minify: true })
  await build.close()
  return output.filter((item): item is OutputChunk => item.type === "chunk")
}

export const gzipSize = (chunk: OutputChunk) => gzipSync(chunk.code).length

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
