import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium } from "playwright-core"

/** Debian's chromium (never a downloaded one); browser tests skip where it is absent. */
export const chromiumPath = "/usr/bin/chromium"
export const hasChromium = existsSync(chromiumPath)

/**
 * Headless chromium with a fresh profile (nothing from an earlier run leaks into the page), without
 * background networking. `close` stops it and removes the profile.
 */
export const launchChromium = async (): Promise<{
  readonly browser: BrowserContext
  readonly close: () => Promise<void>
}> => {
  const profile = mkdtempSync(join(tmpdir(), "appkit-chromium-"))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })
  return {
    browser,
    close: async () => {
      await browser.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
