import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type BrowserContext, chromium } from "playwright-core"
import { build } from "rolldown"

/** Debian's chromium, never a downloaded one; browser tests skip where it is absent. */
export const chromiumPath = "/usr/bin/chromium"
export const hasChromium = existsSync(chromiumPath)

/**
 * Chromium, headless, on a fresh profile — nothing from an earlier run (or a user) leaks into the pages.
 * `close` ends the browser and removes the profile.
 */
export const launchChromium = async (): Promise<{
  readonly context: BrowserContext
  readonly close: () => Promise<void>
}> => {
  const profile = mkdtempSync(join(tmpdir(), "appkit-chromium-"))
  const context = await chromium.launchPersistentContext(profile, {
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
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A test page's script, bundled for the browser as one classic script. */
export const bundleForBrowser = async (entry: URL): Promise<string> => {
  const bundle = await build({
    input: fileURLToPath(entry),
    platform: "browser",
    write: false,
    logLevel: "silent",
    output: { format: "iife" },
  })
  return bundle.output[0].code
}
