import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium } from "playwright-core"

export const chromiumPath = "/usr/bin/chromium"
export const hasChromium = existsSync(chromiumPath)

/** Debian's Chromium (never a downloaded one), headless, with a fresh profile that is removed on close. */
export const launchChromium = async (): Promise<{
  readonly context: BrowserContext
  readonly close: () => Promise<void>
}> => {
  const profile = mkdtempSync(join(tmpdir(), "appkit-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
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
    context,
    close: async () => {
      await context.close().catch(() => undefined)
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
