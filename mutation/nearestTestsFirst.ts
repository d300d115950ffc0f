import { basename, dirname, relative, sep } from "node:path"
import type { TestSpecification } from "vitest/node"
import { BaseSequencer } from "vitest/node"

/**
 * Runs the test files nearest to the mutated file first. Stryker hands a mutant's file to vitest as the
 * `related` filter and stops at the first failing test (bail). A static mutant (code that runs while a
 * module loads, like the §8 text tables) cannot be matched to single tests, so it runs every test file that
 * imports its file, up to a hundred for the error catalogue; with the test beside the file first, a killed
 * static mutant costs one or two files instead. Survivors still run them all, so no result changes.
 */
export default class NearestTestsFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    const mutated = this.ctx.config.related ?? []
    if (mutated.length === 0) return sorted
    const rank = new Map(
      sorted.map((spec) => [spec, Math.min(...mutated.map((file) => distance(file, spec.moduleId)))]),
    )
    // Array#sort is stable: equally near files keep the base sequencer's order.
    return sorted.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
  }
}

/** 0 for the file's own tests (`x.test.ts`, `x.edge.test.ts` beside `x.ts`), else folder steps apart + 1. */
export const distance = (sourceFile: string, testFile: string): number => {
  const stem = basename(sourceFile).replace(/\.[cm]?[jt]sx?$/, "")
  const sameFolder = dirname(sourceFile) === dirname(testFile)
  if (sameFolder && basename(testFile).startsWith(`${stem}.`)) return 0
  const steps = relative(dirname(sourceFile), dirname(testFile))
    .split(sep)
    .filter((part) => part !== "")
  return steps.length + 1
}
