import { relative } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import type { OutputChunk } from "rolldown"
import { bundle, gzipSize, staticallyLoaded } from "../test/size/bundle"

// What the injected-only dApp (the one test/size/coreBundle.test.ts budgets) downloads before its first dynamic
// import, module by module: minified bytes as rendered into the chunk and each module's gzip size on its own
// (an upper bound of its share: gzip shares repeated strings across modules). Sorted by gzip, then summed per
// folder, so the next thing to move behind an import() is the first line. APPKIT_SIZE_APP picks another of
// test/size/apps; "react-injected" is the React app test/size/reactSkin.test.ts budgets, built with Vite.
const app = process.env.APPKIT_SIZE_APP ?? "injectedApp"

/** The React app's chunks from react-ui's Vite setup (in memory), as the size test builds it. */
const viteChunks = async (root: string): Promise<ReadonlyArray<OutputChunk>> => {
  const { build } = await import("vite")
  process.env.NODE_ENV = "production"
  const result = await build({
    configFile: fileURLToPath(new URL("../react-ui/vite.config.ts", import.meta.url)),
    root,
    logLevel: "error",
    build: { write: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as ReadonlyArray<{
    output: ReadonlyArray<unknown>
  }>
  return outputs
    .flatMap((each) => each.output)
    .filter((item): item is OutputChunk => (item as { type: string }).type === "chunk")
}

const chunks =
  app === "react-injected"
    ? await viteChunks(fileURLToPath(new URL(`../test/size/apps/${app}`, import.meta.url)))
    : await bundle(app)
const entry = chunks.find((chunk) => chunk.isEntry) as OutputChunk
const loaded = staticallyLoaded(chunks, entry)
const root = fileURLToPath(new URL("..", import.meta.url))
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

const modules = loaded.flatMap((chunk) =>
  Object.entries(chunk.modules)
    .filter(([, module]) => module.renderedLength > 0)
    .map(([id, module]) => ({
      name: relative(root, id.replace(/^\0/, "")),
      minified: module.renderedLength,
      gzip: gzipSync(module.code ?? "").length,
    })),
)
modules.sort((a, b) => b.gzip - a.gzip)

/** A module's folder for the summary: the package under node_modules, else its source folder. */
const folderOf = (name: string) => {
  const packaged = name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/dist\/[^/]+)?/)
  if (packaged) return packaged[0].replace(/^.*node_modules\//, "")
  return name.split("/").slice(0, 3).join("/")
}
const folders = new Map<string, { minified: number; gzip: number; count: number }>()
for (const module of modules) {
  const folder = folderOf(module.name)
  const sum = folders.get(folder) ?? { minified: 0, gzip: 0, count: 0 }
  folders.set(folder, {
    minified: sum.minified + module.minified,
    gzip: sum.gzip + module.gzip,
    count: sum.count + 1,
  })
}

console.log(`${app}: ${loaded.length} chunk(s) loaded up front, ${kib(gzipSize(loaded))} gzip in all`)
console.log("\nby folder (module gzip sizes summed)")
for (const [folder, sum] of [...folders].sort((a, b) => b[1].gzip - a[1].gzip))
  console.log(
    `${kib(sum.gzip).padStart(10)} ${kib(sum.minified).padStart(10)} min  ${String(sum.count).padStart(3)}  ${folder}`,
  )
const limit = Number(process.env.APPKIT_SIZE_TOP ?? 40)
console.log(`\ntop ${limit} modules (gzip alone, minified)`)
for (const module of modules.slice(0, limit))
  console.log(`${kib(module.gzip).padStart(10)} ${kib(module.minified).padStart(10)} min  ${module.name}`)
