import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const reactUi = fileURLToPath(new URL("../../../react-ui/", import.meta.url))

/**
 * A production build with react-ui's Vite setup (the demo's), of `root` (the demo by default) into `outDir`.
 * Vitest runs with NODE_ENV=test, under which Vite and the React plugin would build for development (React's
 * development runtime): the build runs with NODE_ENV=production, as an app ships, and restores it after.
 */
export const buildPage = async (options: {
  readonly outDir: string
  readonly root?: string
  readonly manifest?: boolean
  /** Source maps beside the chunks (a profile maps its samples back to the sources). */
  readonly sourcemap?: boolean
}): Promise<void> => {
  const { build } = await import("vite")
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = "production"
  try {
    await build({
      configFile: join(reactUi, "vite.config.ts"),
      ...(options.root === undefined ? {} : { root: options.root }),
      logLevel: "error",
      build: {
        outDir: options.outDir,
        emptyOutDir: true,
        manifest: options.manifest ?? false,
        sourcemap: options.sourcemap ?? false,
      },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}

/** The demo's production build into a fresh temp directory. */
export const buildDemo = async (): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), "appkit-demo-"))
  await buildPage({ outDir })
  return outDir
}
