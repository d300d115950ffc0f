import { gzipSync } from "node:zlib"
import { type OutputChunk, rolldown } from "rolldown"

/** The gzipped bytes a page downloads for an entry: the entry chunk and every chunk it imports statically. */
export interface BundleSize {
  readonly initialGzip: number
  /** Chunks reached only through dynamic import() (downloaded on first use). */
  readonly lazyGzip: number
  readonly chunks: ReadonlyArray<OutputChunk>
  readonly initial: ReadonlyArray<OutputChunk>
}

export const measureBundle = async (input: string): Promise<BundleSize> => {
  const build = await rolldown({
    input,
    platform: "browser",
    // The workspace packages from their sources ("@appkit/source" in their exports): no build first.
    resolve: { conditionNames: ["@appkit/source", "browser", "import", "default"] },
    logLevel: "silent",
    transform: { define: { "process.env.NODE_ENV": '"production"' } },
  })
  const { output } = await build.generate({ format: "esm", minify: true })
  await build.close()
  const chunks = output.filter((item): item is OutputChunk => item.type === "chunk")
  const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
  const initial = new Set<OutputChunk>()
  const visit = (chunk: OutputChunk) => {
    if (initial.has(chunk)) return
    initial.add(chunk)
    for (const name of chunk.imports) {
      const next = chunks.find((candidate) => candidate.fileName === name)
      if (next) visit(next)
    }
  }
  visit(entry)
  const gzip = (list: Iterable<OutputChunk>) =>
    [...list].reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0)
  return {
    initialGzip: gzip(initial),
    lazyGzip: gzip(chunks.filter((chunk) => !initial.has(chunk))),
    chunks,
    initial: [...initial],
  }
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`
