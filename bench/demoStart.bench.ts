import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { buildPage } from "../test/browser/support/demoBuild"
import { startDemoStack } from "../test/browser/support/stack"
import { launchChromiumBrowser } from "../test/support/chromium"
import { median } from "./median"

// Navigation → the connect button, side by side in one run (interleaved, each page first in turn, fresh
// profile each; median of BENCH_RUNS (9)): the bare React page, the demo as this tree builds it, the same build
// with V8's file-level compile hint (`//# allFunctionsCalledOnLoad` atop its initial chunk: Chromium 136+
// compiles every function of the file eagerly, off the main thread while it streams, instead of lazily at first
// call; createAppKit runs mostly cold code, a second call in the same page costs a tenth of the first), and,
// with APPKIT_BASELINE_DEMO=<dir>, a demo built elsewhere (another commit) for a before/after on the same load.
// Figures only, never asserted.
const runs = Number(process.env.BENCH_RUNS ?? 9)
const hint = "//# allFunctionsCalledOnLoad\n"
const baseline = process.env.APPKIT_BASELINE_DEMO

/**
 * Every page in a folder of its own (the one at the root of a served dir starts ~50 ms later here, whatever it
 * is): this tree's demo under `tree/`, the bare page under `bare/`, the demo with the hint under `hinted/`, the
 * baseline under `baseline/`.
 */
const buildPages = async (dir: string) => {
  await buildPage({ outDir: join(dir, "tree") })
  // The stack serves only a dir with a page at its root: an empty one.
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>AppKit bench pages</title>")
  await buildPage({ outDir: join(dir, "bare"), root: fileURLToPath(new URL("react-bare", import.meta.url)) })
  const hinted = join(dir, "hinted")
  await buildPage({ outDir: hinted })
  const html = readFileSync(join(hinted, "index.html"), "utf8")
  const entry = html.match(/src="\.\/assets\/([^"]+\.js)"/)?.[1]
  if (entry === undefined || !readdirSync(join(hinted, "assets")).includes(entry))
    throw new Error("the demo's entry chunk was not found in its index.html")
  const file = join(hinted, "assets", entry)
  writeFileSync(file, hint + readFileSync(file, "utf8"))
  if (baseline !== undefined) cpSync(baseline, join(dir, "baseline"), { recursive: true })
}

const dir = mkdtempSync(join(tmpdir(), "appkit-bench-hint-"))
await buildPages(dir)
const stack = await startDemoStack(dir)
// The stack serves its URLs at /appkit-stack.json only; the demos in their folders ask beside themselves, and without it would run on default URLs (another configuration, not the same page).
const stackJson = await (await fetch(new URL("appkit-stack.json", stack.pageUrl))).text()
for (const copy of ["tree", "hinted", ...(baseline === undefined ? [] : ["baseline"])])
  writeFileSync(join(dir, copy, "appkit-stack.json"), stackJson)
const browser = await launchChromiumBrowser()
try {
  const pages: ReadonlyArray<readonly [string, string]> = [
    ["bare React page", `${stack.pageUrl}bare/`],
    ...(baseline === undefined
      ? []
      : [["baseline demo", `${stack.pageUrl}baseline/?devWallet=off`] as const]),
    ["demo (this tree)", `${stack.pageUrl}tree/?devWallet=off`],
    ["demo + compile hint", `${stack.pageUrl}hinted/?devWallet=off`],
  ]
  const ready = new Map<string, Array<number>>(pages.map(([name]) => [name, []]))
  for (let run = 0; run < runs; run++)
    for (const [name, url] of [...pages.slice(run % pages.length), ...pages.slice(0, run % pages.length)]) {
      const context = await browser.newContext()
      await context.addInitScript({
        content: `new MutationObserver((_, observer) => {
          if (document.querySelector("[data-appkit-button=connect]") === null) return
          window.buttonAt = performance.now(); observer.disconnect()
        }).observe(document, { childList: true, subtree: true })`,
      })
      const page = await context.newPage()
      await page.goto(url)
      await page.waitForFunction(() => (window as unknown as { buttonAt?: number }).buttonAt !== undefined)
      ready.get(name)?.push(await page.evaluate(() => (window as unknown as { buttonAt: number }).buttonAt))
      await context.close()
    }
  console.log(
    `navigation → connect button, median of ${runs} fresh profiles (interleaved, each first in turn)`,
  )
  for (const [name, values] of ready)
    console.log(`${name.padEnd(24)}${median(values).toFixed(1).padStart(8)} ms`)
} finally {
  await browser.close()
  await stack.stop()
  rmSync(dir, { recursive: true, force: true })
}
