// Mutation testing of the guard modules (issue 15). Run it through `npm run mutation` (mutation/run.mjs),
// which also prints the score per module; it runs outside CI. See the README's "Mutation testing".
import { fileURLToPath } from "node:url"
import { mutateGlobs, notMutated } from "./mutation/modules.mjs"

// The sandbox is a copy of the repo, one level deeper, where the vectors' relative path would not resolve.
process.env.APPKIT_VECTORS_DIR ??= fileURLToPath(new URL("../shared/vectors", import.meta.url))

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Only the tests that import a mutated file run, and per mutant only those that reach it.
  vitest: { configFile: "mutation/vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  mutate: [...mutateGlobs(), ...notMutated],
  // The core's tests need nothing of these in the sandbox (fixtures resolve through node_modules).
  ignorePatterns: ["cli", "react-ui", "bench", "test", "fixtures", "reports", "*.md"],
  // Results are reused for every mutant whose code and covering tests did not change; see the README
  // for why the file is git-ignored.
  incremental: true,
  incrementalFile: "reports/mutation/incremental.json",
  concurrency: 2,
  timeoutMS: 10_000,
  // The dry run re-runs every test importing a mutated file: 4–5 minutes on a busy 2-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress-append-only", "json", "html"],
  clearTextReporter: { reportTests: false, reportMutants: true, logTests: false },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/index.html" },
  thresholds: { high: 90, low: 80, break: null },
  // TypeScript 7 has no JS API for Stryker to rewrite tsconfig paths with; ours stay inside the sandbox.
  tsconfigFile: "mutation/no-tsconfig-rewrite",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
}
