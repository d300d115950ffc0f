import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser } from "playwright-core"
import { buildPage } from "../test/browser/support/demoBuild"
import { startDemoStack } from "../test/browser/support/stack"
import { launchChromiumBrowser } from "../test/support/chromium"
import { analyseLoad, type LoadProfile, recordLoad } from "./pageProfile"

// Where the time goes between navigation and the connect button, for the demo and the bare React page of
// react-ui.bench.ts (the same builds, with source maps): a timeline of milestones and the main thread's time per
// category, median of BENCH_RUNS (5) fresh profiles each, traced and CPU-profiled. Then, untraced, the demo
// clicked the moment its button appears: when the wallet list shows, which is what "usable" means.
// Figures only, never asserted. Tracing and 100 µs sampling slow the page a little: compare within a table.
const runs = Number(process.env.BENCH_RUNS ?? 5)
const button = "[data-appkit-button=connect]"
const walletList = 'ul[aria-label="Wallets"]'

const median = (values: ReadonlyArray<number>): number => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Medians, key by key, over the runs (keys in the order they first appear). */
const medians = (records: ReadonlyArray<Readonly<Record<string, number>>>) => {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))]
  return keys.map((key) => [key, median(records.map((record) => record[key] ?? Number.NaN))] as const)
}

/** Clicks the connect button from the observer that sees it appear; the time the wallet list then shows. */
const clickAtFirstSight = `
new MutationObserver((_, observer) => {
  const button = document.querySelector(${JSON.stringify(button)})
  if (button === null) return
  observer.disconnect()
  window.buttonAt = performance.now()
  new MutationObserver((_, listObserver) => {
    if (document.querySelector(${JSON.stringify(walletList)}) === null) return
    listObserver.disconnect()
    requestAnimationFrame(() => (window.listAt = performance.now()))
  }).observe(document, { childList: true, subtree: true })
  button.click()
}).observe(document, { childList: true, subtree: true })`

const firstSightRun = async (browser: Browser, url: string) => {
  const context = await browser.newContext()
  try {
    await context.addInitScript({ content: clickAtFirstSight })
    const page = await context.newPage()
    await page.goto(url, { waitUntil: "networkidle" })
    await page.waitForFunction(() => (window as { listAt?: number }).listAt !== undefined, undefined, {
      timeout: 10_000,
    })
    return await page.evaluate(() => {
      const times = window as unknown as { buttonAt: number; listAt: number }
      return { "button in the page": times.buttonAt, "wallet list shown": times.listAt }
    })
  } finally {
    await context.close()
  }
}

const createAppKitSource = fileURLToPath(new URL("../core/src/appkit/createAppKit.ts", import.meta.url))

const dir = mkdtempSync(join(tmpdir(), "appkit-bench-profile-"))
await buildPage({ outDir: dir, sourcemap: true })
await buildPage({
  outDir: join(dir, "bare"),
  root: fileURLToPath(new URL("react-bare", import.meta.url)),
  sourcemap: true,
})
const createAppKitLine =
  readFileSync(createAppKitSource, "utf8")
    .split("\n")
    .findIndex((line) => line.startsWith("export const createAppKit = ")) + 1
const stack = await startDemoStack(dir)
const browser = await launchChromiumBrowser()
try {
  const profileOf = async (url: string, assetsDir: string, withAppKit: boolean) => {
    const loads: Array<LoadProfile> = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      try {
        const recorded = await recordLoad(context, url, button)
        loads.push(
          analyseLoad(recorded, {
            assetsDir,
            ...(withAppKit && {
              createAppKit: { file: "core/src/appkit/createAppKit.ts", line: createAppKitLine },
            }),
          }),
        )
      } finally {
        await context.close()
      }
    }
    return {
      milestones: medians(loads.map((load) => load.milestones)).sort((a, b) => a[1] - b[1]),
      mainThread: medians(loads.map((load) => load.mainThread)),
    }
  }
  const pages = [
    ["bare React page", await profileOf(`${stack.pageUrl}bare/`, join(dir, "bare", "assets"), false)],
    ["AppKit demo", await profileOf(`${stack.pageUrl}?devWallet=off`, join(dir, "assets"), true)],
  ] as const
  const row = (name: string, value: number) => `  ${name.padEnd(56)}${value.toFixed(1).padStart(8)} ms`
  console.log(`median of ${runs} traced runs in Chromium, fresh profile each, pages on ${stack.pageUrl}`)
  for (const [name, profile] of pages) {
    console.log(`${name}: milestones from navigation`)
    for (const [milestone, time] of profile.milestones) console.log(row(milestone, time))
    console.log(`${name}: main thread, navigation → button`)
    for (const [category, time] of profile.mainThread) console.log(row(category, time))
  }
  const firstSight: Array<Record<string, number>> = []
  for (let run = 0; run < runs; run++)
    firstSight.push(await firstSightRun(browser, `${stack.pageUrl}?devWallet=off`))
  console.log(`AppKit demo, untraced, the button clicked the moment it appears (median of ${runs})`)
  for (const [milestone, time] of medians(firstSight)) console.log(row(milestone, time))
} finally {
  await browser.close()
  await stack.stop()
  rmSync(dir, { recursive: true, force: true })
}
