import { basename, dirname, isAbsolute, relative, sep } from "node:path"
import type { TestSpecification } from "vitest/node"
import { BaseSequencer } from "vitest/node"

/**
 * Orders (and, for static mutants, scopes) the test files of a mutant run. Stryker hands the mutated file
 * to vitest as the `related` filter and stops at the first failing test (bail), so the tests beside the
 * mutated file go first: a killed mutant then costs one or two test files.
 *
 * A static mutant (code that runs while a module loads: regexes, schemas, `Effect.fn` names) cannot be
 * traced to single tests, so Stryker would run every test file that imports its file, up to a hundred for
 * the error catalogue, at two or three seconds each on this machine. It runs the unit tests of its own
 * folder (and the folders below) instead. That can only turn a kill into a survivor, never the reverse:
 * the score stays a lower bound, and a static survivor means the module's own tests miss the bug.
 */
export default class NearestTestsFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    const mutated = this.ctx.config.related ?? []
    if (mutated.length === 0) return sorted
    const provided = this.ctx.getRootProject().getProvidedContext() as Record<string, unknown>
    const staticMutant = provided.mode === "mutant" && provided.mutantActivation === "static"
    const scoped = staticMutant
      ? sorted.filter((spec) => mutated.some((file) => isWithin(dirname(file), spec.moduleId)))
      : sorted
    const rank = new Map(
      scoped.map((spec) => [spec, Math.min(...mutated.map((file) => distance(file, spec.moduleId)))]),
    )
    // Array#sort is stable: equally near files keep the base sequencer's order.
    return scoped.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
  }
}

const isWithin = (folder: string, file: string): boolean => {
  const path = relative(folder, file)
  return path !== "" && !path.startsWith("..") && !isAbsolute(path)
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
