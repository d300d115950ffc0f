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
    logLevel: "error",
    // Vitest sets NODE_ENV=test, which would give React's development build: test what ships.
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}
