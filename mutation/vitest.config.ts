import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

// Stryker's test run: the core's unit tests only. The repo's own vitest.config.ts builds the CLI before
// every run (a global setup the end-to-end tests need), which a mutant run must not pay for.
export default defineConfig({
  test: {
    include: ["core/src/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Inside Stryker's sandbox (a copy one level deeper) stryker.config.mjs has already set the path.
    env: {
      APPKIT_VECTORS_DIR:
        process.env.APPKIT_VECTORS_DIR ?? fileURLToPath(new URL("../../shared/vectors", import.meta.url)),
    },
  },
})
