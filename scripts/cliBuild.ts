import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs"
import { dirname, join, relative } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { promisify } from "node:util"

/**
 * The one builder of cli/dist: `npm run build -w @appkit/cli` (scripts/build-cli.ts) and the tests under test/,
 * which run the CLI as users do, from its bundle (test/globalSetup.ts). It is rebuilt only when the files it is
 * built from changed since the build in place (their content hash is stamped beside dist), and a build is
 * installed so that a CLI started meanwhile, by a test run in the same worktree, never meets a half-written
 * bundle or a chunk deleted under it.
 */

/** Folders whose non-test files the bundle is built from (cli/rolldown.config.ts bundles the workspaces). */
export const cliInputDirs = ["cli/src", "core/src", "fixtures/src", "fixtures/secure-site/src"] as const

/**
 * Single files that change the bundle: the build's configuration, the workspaces' manifests (exports,
 * `sideEffects`) and the lockfile (the versions of the npm packages bundled in).
 */
export const cliInputFiles = [
  "cli/rolldown.config.ts",
  "cli/package.json",
  "cli/tsconfig.json",
  "tsconfig.base.json",
  "core/package.json",
  "fixtures/package.json",
  "fixtures/secure-site/package.json",
  "package-lock.json",
] as const

/** The stamp of the build in cli/dist, and the temp folders a build is written to (both git-ignored). */
export const stampPath = (root: string) => join(root, "cli", ".dist-stamp.json")
const buildDirPrefix = ".dist-build-"
const lockPath = (root: string) => join(root, "cli", ".dist-lock")

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path)

const filesUnder = (dir: string): ReadonlyArray<string> =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
      )
    : []

/** Every file the bundle is built from, relative to the repo root, sorted: tests left out. */
export const cliInputs = (root: string): ReadonlyArray<string> =>
  [
    ...cliInputDirs.flatMap((dir) => filesUnder(join(root, dir)).map((file) => relative(root, file))),
    ...cliInputFiles,
  ]
    .filter((path) => !isTestFile(path))
    .sort()

/**
 * The content hash of the bundle's inputs: each file's path and bytes (a missing one counts as missing). A
 * change of content, a new, renamed or deleted file changes it; a touch without a change, or a test edit,
 * does not.
 */
export const cliInputsHash = (root: string): string => {
  const hash = createHash("sha256")
  for (const path of cliInputs(root)) {
    const full = join(root, path)
    hash.update(`${path}\0`)
    hash.update(existsSync(full) ? readFileSync(full) : "\0missing\0")
    hash.update("\0")
  }
  return hash.digest("hex")
}

/** What a build leaves beside cli/dist: what it was built from, its entry's hash and the files it wrote. */
export interface CliBuildStamp {
  readonly inputs: string
  readonly entry: string
  readonly files: ReadonlyArray<string>
}

const entryFile = "appkit-cli.js"
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex")

export const readStamp = (root: string): CliBuildStamp | undefined => {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(root), "utf8")) as Partial<CliBuildStamp>
    return typeof stamp.inputs === "string" &&
      typeof stamp.entry === "string" &&
      Array.isArray(stamp.files) &&
      stamp.files.every((file) => typeof file === "string")
      ? { inputs: stamp.inputs, entry: stamp.entry, files: stamp.files }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether cli/dist is the build of the inputs as they are now: the stamp names today's input hash, the entry
 * is the one that build wrote (another build, `npm run build` or `npm ci`'s prepare, writes its own), and
 * every file it wrote is still there.
 */
export const isCliBuildCurrent = (root: string, inputs = cliInputsHash(root)): boolean => {
  const stamp = readStamp(root)
  if (stamp === undefined || stamp.inputs !== inputs) return false
  const dist = join(root, "cli", "dist")
  const entry = join(dist, entryFile)
  if (!existsSync(entry) || sha256(readFileSync(entry)) !== stamp.entry) return false
  return stamp.files.every((file) => existsSync(join(dist, file)))
}

/** The files under `dir`, relative to it, chunks first and the entry last, the order they are installed in. */
const installOrder = (dir: string): ReadonlyArray<string> =>
  filesUnder(dir)
    .map((file) => relative(dir, file))
    .sort(
      (a, b) =>
        depth(b) - depth(a) || Number(a === entryFile) - Number(b === entryFile) || a.localeCompare(b),
    )

const depth = (path: string) => path.split(/[\\/]/).length

/**
 * Moves a finished build from `built` into cli/dist and stamps it. Chunk names carry content hashes, so the
 * new chunks are added beside the old ones, and the entry, which names them, is replaced last by a rename:
 * a CLI started before that runs the old build whole, one started after runs the new one. The chunks of the
 * build just replaced stay (a CLI started from it may still load them); older ones are removed.
 */
export const installCliBuild = (root: string, built: string, inputs: string): CliBuildStamp => {
  const dist = join(root, "cli", "dist")
  const files = installOrder(built)
  if (!files.includes(entryFile)) throw new Error(`The CLI build in ${built} has no ${entryFile}`)
  const previous = new Set(readStamp(root)?.files ?? (existsSync(dist) ? installOrder(dist) : []))
  for (const file of files) {
    mkdirSync(dirname(join(dist, file)), { recursive: true })
    renameSync(join(built, file), join(dist, file))
  }
  const current = new Set(files)
  for (const file of installOrder(dist))
    if (!current.has(file) && !previous.has(file)) unlinkSync(join(dist, file))
  const stamp: CliBuildStamp = { inputs, entry: sha256(readFileSync(join(dist, entryFile))), files }
  const next = `${stampPath(root)}.${process.pid}`
  writeFileSync(next, `${JSON.stringify(stamp, null, 2)}\n`)
  renameSync(next, stampPath(root))
  rmSync(built, { recursive: true, force: true })
  return stamp
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const readOrEmpty = (path: string) => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return ""
  }
}

/** A lock whose holder has died, or one without a pid for a while (its taker died between the two steps). */
const lockIsAbandoned = (lock: string): boolean => {
  const taken = statSync(lock, { throwIfNoEntry: false })
  if (taken === undefined) return false
  const holder = Number.parseInt(readOrEmpty(join(lock, "pid")), 10)
  return Number.isInteger(holder) ? !processAlive(holder) : Date.now() - taken.mtimeMs > 10_000
}

/**
 * Runs `work` holding cli/.dist-lock, so two vitest runs starting together build once: the second waits, then
 * finds the build current. A lock whose holder has died is taken over; waiting ends after `timeoutMs`.
 */
const withBuildLock = async <A>(root: string, work: () => Promise<A>, timeoutMs = 300_000): Promise<A> => {
  const lock = lockPath(root)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, "pid"), String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      if (lockIsAbandoned(lock)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline)
        throw new Error(`cli/dist has been built by another process for over ${timeoutMs / 1000} s (${lock})`)
      else await sleep(250)
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Builds cli/dist unless it is current (see isCliBuildCurrent); says whether it built. */
export const buildCliWhenStale = (root: string): Promise<boolean> =>
  withBuildLock(root, async () => {
    const inputs = cliInputsHash(root)
    if (isCliBuildCurrent(root, inputs)) return false
    // Beside dist, at its depth: the source maps' relative paths are the same as in dist.
    const built = join(root, "cli", `${buildDirPrefix}${process.pid}`)
    rmSync(built, { recursive: true, force: true })
    try {
      // rolldown itself (cli/rolldown.config.ts), aimed at the build's own folder: `npm run build` is this.
      await promisify(execFile)(
        join(root, "node_modules", ".bin", "rolldown"),
        ["-c", "rolldown.config.ts", "--dir", relative(join(root, "cli"), built)],
        { cwd: join(root, "cli") },
      )
      installCliBuild(root, built, inputs)
    } finally {
      rmSync(built, { recursive: true, force: true })
    }
    return true
  })
