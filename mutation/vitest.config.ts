import { defineConfig } from "vitest/config"
import LoadFailureAsFailedTest from "./loadFailureReporter"

// Stryker's test run: the core's unit tests only. The repo's own vitest.config.ts builds the CLI before
// every run (a global setup the end-to-end tests need), which a mutant run must not pay for.
export default defineConfig({
  test: {
    include: ["core/src/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    reporters: ["default", new LoadFailureAsFailedTest()],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // No env here: stryker.config.mjs sets APPKIT_VECTORS_DIR to an absolute path before the sandbox
    // (a copy of the repo one level deeper) runs this config.
  },
})
