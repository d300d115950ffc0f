import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { build } from "rolldown"
import { browserSourceConditions } from "./sourceConditions"

/** Debian's chromium: browser tests drive it (never a downloaded browser) and skip where it is absent. */
export const chromiumPath = "/usr/bin/chromium"
export const hasChromium = existsSync(chromiumPath)

/** Headless, sandbox-free (containers), and silent: nothing in a test may reach beyond 127.0.0.1. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

/**
 * A headless chromium whose every `newContext()` is a fresh profile (storage, cookies), so one browser per
 * test file serves several independent sessions.
 */
export const launchChromiumBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })

export interface ChromiumPage {
  readonly page: Page
  readonly browser: BrowserContext
  /** Closes the browser and removes its profile. */
  readonly close: () => Promise<void>
}

/**
 * A headless chromium with a fresh profile (nothing from an earlier run, or a user, leaks into the page) and
 * no background networking. `close` stops it and removes the profile.
 */
export const launchChromium = async (): Promise<Omit<ChromiumPage, "page">> => {
  const profile = mkdtempSync(join(tmpdir(), "appkit-chromium-"))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  })
  return {
    browser,
    close: async () => {
      await browser.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** `launchChromium` with one page open. */
export const openChromiumPage = async (): Promise<ChromiumPage> => {
  const launched = await launchChromium()
  return { ...launched, page: await launched.browser.newPage() }
}

/** A page script (TypeScript, importing the repo's sources) bundled into one script for `addScriptTag`. */
export const bundlePageScript = async (input: string): Promise<string> => {
  const bundle = await build({
    input,
    platform: "browser",
    resolve: { conditionNames: browserSourceConditions },
    write: false,
    output: { format: "iife" },
    // Libraries guard debug-only code with process.env.NODE_ENV, which a page does not define.
    transform: { define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    logLevel: "silent",
  })
  const [script] = bundle.output
  return script.code
}
