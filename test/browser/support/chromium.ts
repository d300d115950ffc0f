import { existsSync } from "node:fs"
import { type Browser, chromium } from "playwright-core"

export const chromiumPath = "/usr/bin/chromium"
export const hasChromium = existsSync(chromiumPath)

/**
 * Debian's Chromium (never a downloaded one), headless; each `newContext()` is a fresh profile (storage,
 * cookies), so one browser per test file serves several independent sessions.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
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
