import { copyFileSync, mkdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser, BrowserContext, Page } from "playwright-core"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

export const artifactsDir = fileURLToPath(new URL("../../artifacts", import.meta.url))

/** Whether a URL leaves the machine (anything but loopback and inline data). */
export const isOffLoopback = (url: URL | string) =>
  !/^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(String(url)) &&
  !/^(data|blob|about):/.test(String(url))

export interface Violation {
  readonly id: string
  readonly impact: string
  readonly nodes: ReadonlyArray<string>
}

/** axe-core in the page: the serious and critical violations of what is on screen now (WCAG 2.x A/AA). */
export const seriousViolations = async (page: Page): Promise<ReadonlyArray<Violation>> => {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    })) as { violations: Array<{ id: string; impact: string; nodes: Array<{ target: Array<string> }> }> }
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(" ")),
      }))
  })
}

const variants = [
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 1280 },
  { scheme: "light", width: 390 },
  { scheme: "dark", width: 390 },
] as const

/**
 * Screenshots of the page as it is, light and dark, 1280 and 390 px wide, under test/artifacts/<run>/
 * (git-ignored); the page is left light at 1280 px.
 */
export const screenshots = async (page: Page, run: string, step: string) => {
  const dir = join(artifactsDir, run)
  mkdirSync(dir, { recursive: true })
  for (const { scheme, width } of variants) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" })
    await page.setViewportSize({ width, height: 860 })
    await page.screenshot({ path: join(dir, `${step}-${scheme}-${width}.png`) })
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" })
  await page.setViewportSize({ width: 1280, height: 860 })
}

const docsScreenshots = fileURLToPath(new URL("../../../docs/screenshots", import.meta.url))

/**
 * The light desktop screenshot of a run's step, copied to docs/screenshots/<step>.png — only with
 * APPKIT_UPDATE_DOCS=1, so a test run leaves the tree clean and the committed copies change when asked for.
 */
export const updateDocsScreenshot = (run: string, step: string) => {
  if (process.env.APPKIT_UPDATE_DOCS !== "1") return
  mkdirSync(docsScreenshots, { recursive: true })
  copyFileSync(join(artifactsDir, run, `${step}-light-1280.png`), join(docsScreenshots, `${step}.png`))
}

/**
 * A fresh profile at 1280 × 860, light, reduced motion, in which nothing requested off the machine is
 * answered: each such URL is aborted and noted in `offLoopback` (for the suite to assert empty).
 */
export const newLoopbackPage = async (
  browser: Browser,
  offLoopback: Array<string>,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  await context.route(isOffLoopback, (route) => {
    offLoopback.push(route.request().url())
    return route.abort()
  })
  const page = await context.newPage()
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" })
  return { context, page }
}
