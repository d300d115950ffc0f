import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** The demo's production build (react-ui/vite.config.ts) into a fresh temp directory. */
export const buildDemo = async (): Promise<string> => {
  const { build } = await import("vite")
  const outDir = mkdtempSync(join(tmpdir(), "appkit-demo-"))
  await build({
    configFile: fileURLToPath(new URL("../../../react-ui/vite.config.ts", import.meta.url)),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}
