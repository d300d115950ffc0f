import { defineConfig } from "vitest/config"
import repoConfig from "../vitest.config"
import LoadFailureAsFailedTest from "./loadFailureReporter"
import NearestTestsFirst from "./nearestTestsFirst"

// Stryker's test run: the core's unit tests only, resolved as the repo's own run resolves them (workspace
// packages to their sources). The repo's test options are left behind: its global setup builds the CLI
// before every run (which a mutant run must not pay for), and its vectors path is relative to the repo,
// whereas stryker.config.mjs sets APPKIT_VECTORS_DIR to an absolute path before the sandbox (a copy of the
// repo one level deeper) runs this config.
export default defineConfig({
  resolve: repoConfig.resolve,
  ssr: repoConfig.ssr,
  test: {
    include: ["core/src/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    reporters: ["default", new LoadFailureAsFailedTest()],
    // A mutant stops at its first failing test, so the tests beside the mutated file go first.
    sequence: { sequencer: NearestTestsFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
