import type { RunnerTestCase, RunnerTestFile } from "vitest"
import type { Reporter, Vitest } from "vitest/node"

/**
 * Stryker's vitest runner scores a mutant from the tests it collects. A static mutant that makes a module
 * throw while it loads (a broken top-level regex or table) leaves the test files importing it with no
 * tests at all, so the runner would report the mutant as survived although the suite catches it. This
 * reporter, used only by mutation runs, gives each test file that failed before collecting a test one
 * failed test carrying the file's error, so such a mutant counts as killed.
 */
export default class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  // The runner reads the run's files from vitest's state once the run ends, after this hook.
  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state === "fail" && file.tasks.length === 0) file.tasks.push(loadFailure(file))
    }
  }
}

const loadFailure = (file: RunnerTestFile): RunnerTestCase => ({
  type: "test",
  id: `${file.id}_load`,
  name: "loads",
  fullName: `${file.name} loads`,
  fullTestName: "loads",
  mode: "run",
  meta: {},
  file,
  suite: file,
  timeout: 0,
  annotations: [],
  artifacts: [],
  result: { state: "fail", errors: file.result?.errors ?? [] },
  // Nothing reads a finished test's context; vitest builds real ones only for tests it runs.
  context: undefined as unknown as RunnerTestCase["context"],
})
