// `npm run mutation` — Stryker on the guard modules, then the score per module.
//   npm run mutation                                   every guard module (incremental: only what changed)
//   npm run mutation -- --module rpc,siwx              some modules, by the names in modules.mjs
//   npm run mutation -- --mutate 'core/src/rpc/**'     any files (tests and barrels stay unmutated)
//   npm run mutation -- --summary                      the table from the last report, without a run
//   npm run mutation -- --survivors [--module rpc]     the live mutants of the last report, without a run
//   npm run mutation -- --load-kills [--module rpc]    the mutants killed only by a test file failing to load
// Any other option goes to Stryker as is (e.g. --force to ignore the incremental file, --concurrency 1).
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { guardModules, moduleOf, mutateGlobs, notMutated } from "./modules.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const reportFile = join(root, "reports/mutation/mutation.json")
const threshold = 90

const parseArguments = (args) => {
  const options = {
    mutate: [],
    modules: [],
    summaryOnly: false,
    survivors: false,
    loadKills: false,
    passThrough: [],
  }
  for (let index = 0; index < args.length; index++) {
    const [flag, inlineValue] = args[index].split(/=(.*)/s)
    const value = () => inlineValue ?? args[++index] ?? ""
    if (flag === "--mutate" || flag === "-m") options.mutate.push(...value().split(","))
    else if (flag === "--module") options.modules.push(...value().split(","))
    else if (flag === "--summary") options.summaryOnly = true
    else if (flag === "--survivors") options.survivors = true
    else if (flag === "--load-kills") options.loadKills = true
    else options.passThrough.push(args[index])
  }
  return options
}

const selectedModules = (names) =>
  names.map((name) => {
    const module = guardModules.find((candidate) => candidate.name === name)
    if (module) return module
    const known = guardModules.map((candidate) => candidate.name).join(", ")
    throw new Error(`Unknown module '${name}'. Modules: ${known}`)
  })

const runStryker = (options) => {
  const scoped = [...options.mutate, ...mutateGlobs(selectedModules(options.modules))]
  const mutate = scoped.length > 0 ? ["--mutate", [...scoped, ...notMutated].join(",")] : []
  const packageJson = createRequire(import.meta.url).resolve("@stryker-mutator/core/package.json")
  const bin = join(dirname(packageJson), "bin/stryker.js")
  const args = [bin, "run", "stryker.config.mjs", ...mutate, ...options.passThrough]
  return spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status ?? 1
}

const scoreOf = (counts) => {
  const detected = counts.Killed + counts.Timeout
  const valid = detected + counts.Survived + counts.NoCoverage
  return valid === 0 ? Number.NaN : (100 * detected) / valid
}

const readReport = () => {
  if (existsSync(reportFile)) return JSON.parse(readFileSync(reportFile, "utf8"))
  console.error(`No report at ${reportFile}: run npm run mutation first.`)
  return undefined
}

/** The mutants of the last report that `keep` selects, for the modules asked for (all by default). */
const mutantsOf = (report, modules, keep) =>
  Object.entries(report.files).flatMap(([file, result]) => {
    const module = moduleOf(file.replaceAll("\\", "/"))
    if (!module || (modules.length > 0 && !modules.includes(module))) return []
    return result.mutants.filter(keep).map((mutant) => ({ file, mutant }))
  })

const describeMutant = ({ file, mutant }) => {
  const { line, column } = mutant.location.start
  const replacement = (mutant.replacement ?? "").replace(/\s+/g, " ").slice(0, 100)
  return `${file}:${line}:${column} ${mutant.status} ${mutant.mutatorName}: ${replacement}`
}

/** Survived and uncovered mutants, one line each. */
const printSurvivors = (modules) => {
  const report = readReport()
  if (!report) return
  const live = (mutant) => mutant.status === "Survived" || mutant.status === "NoCoverage"
  for (const entry of mutantsOf(report, modules, live)) console.log(describeMutant(entry))
}

/**
 * Killed mutants whose only failing tests are test files that could not load (mutation/loadFailureReporter),
 * with the load error: each deserves a look, since a mutant that merely breaks the transform is no bug a
 * behavioural test caught.
 */
const printLoadKills = (modules) => {
  const report = readReport()
  if (!report) return
  const loadFailures = new Set(
    Object.values(report.testFiles ?? {}).flatMap((testFile) =>
      testFile.tests.filter((test) => /\.test\.tsx? loads$/.test(test.name)).map((test) => test.id),
    ),
  )
  const killedByLoadOnly = (mutant) =>
    mutant.status === "Killed" &&
    (mutant.killedBy ?? []).length > 0 &&
    mutant.killedBy.every((id) => loadFailures.has(id))
  const entries = mutantsOf(report, modules, killedByLoadOnly)
  for (const entry of entries) {
    const reason = (entry.mutant.statusReason ?? "").replace(/\s+/g, " ").slice(0, 160)
    console.log(`${describeMutant(entry)}\n    ${reason}`)
  }
  console.log(`${entries.length} mutant(s) killed only by a test file failing to load.`)
}

const printSummary = () => {
  const report = readReport()
  if (!report) return
  const statuses = ["Killed", "Timeout", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Ignored"]
  const countsByModule = new Map(
    guardModules.map((module) => [module, Object.fromEntries(statuses.map((s) => [s, 0]))]),
  )
  for (const [file, result] of Object.entries(report.files)) {
    const counts = countsByModule.get(moduleOf(file.replaceAll("\\", "/")))
    if (!counts) continue
    for (const mutant of result.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1
  }
  const rows = [...countsByModule].map(([module, counts]) => {
    const score = scoreOf(counts)
    const scoreText = Number.isNaN(score) ? "    n/a" : `${score.toFixed(1).padStart(5)} %`
    const mark = Number.isNaN(score) ? "not run" : score >= threshold ? "" : `below ${threshold} %`
    const detail = `killed ${counts.Killed + counts.Timeout}, survived ${counts.Survived}, no coverage ${counts.NoCoverage}`
    return `${module.name.padEnd(19)} ${scoreText}  ${module.title.padEnd(37)} ${detail}  ${mark}`
  })
  console.log(
    `\nMutation score per guard module (killed or timed out / all valid mutants):\n${rows.join("\n")}`,
  )
}

try {
  const options = parseArguments(process.argv.slice(2))
  if (options.survivors) printSurvivors(selectedModules(options.modules))
  else if (options.loadKills) printLoadKills(selectedModules(options.modules))
  else {
    const status = options.summaryOnly ? 0 : runStryker(options)
    printSummary()
    process.exitCode = status
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 2
}
