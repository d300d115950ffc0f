import { once } from "node:events"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { build } from "rolldown"
import { launchChromiumBrowser } from "../test/support/chromium"
import { browserSourceConditions } from "../test/support/sourceConditions"
import { median } from "./median"

// The core's own start-up cost in Debian's Chromium, the part of "navigation → connect button" no skin can
// remove: the page script (bench/coreStart/page.ts: the core, Effect, createAppKit with the demo's options),
// minified as an app ships it, is fetched, parsed and evaluated, then createAppKit runs. Median of BENCH_RUNS
// (9) fresh profiles each: script start → evaluated, and createAppKit's own time. APPKIT_BASELINE_SCRIPT names
// a page script built the same way from another commit (this bench's `--write <file>` writes one), so both
// are measured side by side in the same run. Figures only, never asserted.
const runs = Number(process.env.BENCH_RUNS ?? 9)

/** The page's chunks by file name: the entry (page.js) and what it imports; dynamic imports are never fetched. */
const bundle = async (): Promise<Record<string, string>> => {
  const result = await build({
    input: { page: fileURLToPath(new URL("coreStart/page.ts", import.meta.url)) },
    platform: "browser",
    resolve: { conditionNames: browserSourceConditions },
    write: false,
    output: { format: "esm", minify: true, entryFileNames: "[name].js" },
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    logLevel: "silent",
  })
  return Object.fromEntries(
    result.output.flatMap((chunk) => (chunk.type === "chunk" ? [[chunk.fileName, chunk.code]] : [])),
  )
}

const current = await bundle()
const written = process.argv.indexOf("--write")
if (written >= 0) {
  const { writeFileSync } = await import("node:fs")
  writeFileSync(process.argv[written + 1] as string, JSON.stringify(current))
  console.log(`page script written to ${process.argv[written + 1]}`)
  process.exit(0)
}
const scripts: ReadonlyArray<readonly [string, Record<string, string>]> = [
  ...(process.env.APPKIT_BASELINE_SCRIPT === undefined
    ? []
    : [["baseline", JSON.parse(readFileSync(process.env.APPKIT_BASELINE_SCRIPT, "utf8"))] as const]),
  ["this tree", current],
]

/** Serves each script's chunks under /<index>/ on a loopback port (a real server: route interception is slow). */
const html = `<!doctype html><script>window.startedAt = performance.now()</script><script type="module" src="page.js"></script>`
const server = createServer((request, response) => {
  const [, index, file] = (request.url ?? "").split("/")
  const code = file === "" ? html : scripts[Number(index)]?.[1][file ?? ""]
  if (code === undefined) return void response.writeHead(404).end()
  response.writeHead(200, { "content-type": file === "" ? "text/html" : "text/javascript" }).end(code)
})
server.listen(0, "127.0.0.1")
await once(server, "listening")
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const browser = await launchChromiumBrowser()
try {
  const figures = new Map(
    scripts.map(([name]) => [
      name,
      { evaluated: [] as number[], created: [] as number[], again: [] as number[] },
    ]),
  )
  // Interleaved, so both scripts see the same load on a shared machine, and in turn first (the first page
  // of a pair pays more).
  for (let run = 0; run < runs; run++)
    for (const [index, [name]] of run % 2 === 0 ? [...scripts.entries()] : [...scripts.entries()].reverse()) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${origin}/${index}/`)
      await page.waitForFunction(() => (window as unknown as { againAt?: number }).againAt !== undefined)
      const { startedAt, loadedAt, createdAt, againAt } = await page.evaluate(() => {
        const w = window as unknown as Record<string, number>
        return {
          startedAt: w.startedAt as number,
          loadedAt: w.loadedAt as number,
          createdAt: w.createdAt as number,
          againAt: w.againAt as number,
        }
      })
      figures.get(name)?.evaluated.push(loadedAt - startedAt)
      figures.get(name)?.created.push(createdAt - loadedAt)
      figures.get(name)?.again.push(againAt - createdAt)
      await context.close()
    }
  console.log(`median of ${runs} fresh profiles`)
  const cell = (text: string) => text.padStart(16)
  console.log(`${"".padEnd(12)}${["fetch+evaluate", "createAppKit", "sum", "2nd (warm)"].map(cell).join("")}`)
  for (const [name, { evaluated, created, again }] of figures) {
    const [e, c, w] = [median(evaluated), median(created), median(again)]
    console.log(`${name.padEnd(12)}${[e, c, e + c, w].map((ms) => cell(`${ms.toFixed(1)} ms`)).join("")}`)
  }
} finally {
  await browser.close()
  server.close()
}
