import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildPage } from "../test/browser/support/demoBuild"
import { startDemoStack } from "../test/browser/support/stack"
import { launchChromiumBrowser } from "../test/support/chromium"

// Does V8's file-level compile hint help the demo start? The same production build twice, side by side: as
// built, and with `//# allFunctionsCalledOnLoad` at the top of its initial chunk, which tells Chromium (136+) to
// compile every function of that file eagerly, on a background thread while it streams, instead of lazily on
// the main thread at first call (createAppKit runs mostly cold code: a second call in the same page costs a
// tenth of the first). Navigation → the connect button, median of BENCH_RUNS (7) fresh profiles each,
// interleaved so both see the same load. Figures only, never asserted.
const runs = Number(process.env.BENCH_RUNS ?? 7)
const hint = "//# allFunctionsCalledOnLoad\n"

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** The build at the root of `dir`, and a copy under `dir/hinted/` whose initial chunk carries the hint. */
const buildPages = async (dir: string) => {
  await buildPage({ outDir: dir })
  const hinted = join(dir, "hinted")
  await buildPage({ outDir: hinted })
  const html = readFileSync(join(hinted, "index.html"), "utf8")
  const entry = html.match(/src="\.\/assets\/([^"]+\.js)"/)?.[1]
  if (entry === undefined || !readdirSync(join(hinted, "assets")).includes(entry))
    throw new Error("the demo's entry chunk was not found in its index.html")
  const file = join(hinted, "assets", entry)
  writeFileSync(file, hint + readFileSync(file, "utf8"))
}

const dir = mkdtempSync(join(tmpdir(), "appkit-bench-hint-"))
await buildPages(dir)
const stack = await startDemoStack(dir)
const browser = await launchChromiumBrowser()
try {
  const pages = [
    ["demo as built", `${stack.pageUrl}?devWallet=off`],
    ["demo + compile hint", `${stack.pageUrl}hinted/?devWallet=off`],
  ] as const
  const ready = new Map<string, Array<number>>(pages.map(([name]) => [name, []]))
  for (let run = 0; run < runs; run++)
    for (const [name, url] of pages) {
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
  console.log(`navigation → connect button, median of ${runs} fresh profiles (interleaved)`)
  for (const [name, values] of ready)
    console.log(`${name.padEnd(24)}${median(values).toFixed(1).padStart(8)} ms`)
} finally {
  await browser.close()
  await stack.stop()
  rmSync(dir, { recursive: true, force: true })
}
