import { type ChildProcess, spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * Packing and installing workspace packages as a user gets them, for the packaging tests of core, the CLI and
 * the React skin: build, pack the tarball npm would publish, install it into a fresh project, run things there.
 */

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..")

/** The repo's own binaries (tsc, vite), so a test project needs no toolchain of its own. */
export const repoBin = (name: string) => join(repoRoot, "node_modules", ".bin", name)

export interface RunResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs a command to its end, bounded: past `timeoutMs` it is killed and the result says so. */
export const run = (
  command: string,
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly timeoutMs?: number; readonly env?: NodeJS.ProcessEnv },
): Promise<RunResult> =>
  new Promise((done, fail) => {
    const child: ChildProcess = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      stderr += `\n[killed: ${command} ${args.join(" ")} ran longer than ${options.timeoutMs} ms]`
    }, options.timeoutMs ?? 120_000)
    child.on("error", (error) => {
      clearTimeout(timer)
      fail(error)
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      done({ code, stdout, stderr })
    })
  })

/** Like run, but a non-zero exit is an error that shows what the command printed. */
export const runOk = async (
  command: string,
  args: ReadonlyArray<string>,
  options: Parameters<typeof run>[2],
): Promise<RunResult> => {
  const result = await run(command, args, options)
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`)
  return result
}

const sourceCondition = "@appkit/source"

/** The exports map as published: the in-repo source condition (which points at files not shipped) taken out. */
export const publishedExports = (value: unknown): unknown => {
  if (Array.isArray(value) || typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== sourceCondition)
      .map(([key, inner]) => [key, publishedExports(inner)]),
  )
}

export interface PackedPackage {
  readonly name: string
  readonly tarball: string
  /** The paths inside the tarball, relative to the package root ("dist/index.js"). */
  readonly files: ReadonlyArray<string>
  /** The package.json that was packed. */
  readonly manifest: Record<string, unknown>
}

/**
 * Builds a workspace package (its `build` script), then packs it the way `npm publish` would: from a staging
 * copy of what npm ships (`files`, README, LICENSE), with the published package.json (no source condition, no
 * scripts or devDependencies). The working tree is never modified, so tests running meanwhile are unaffected.
 */
export const packWorkspace = async (
  workspace: string,
  destination: string,
  options: { readonly build?: boolean } = {},
): Promise<PackedPackage> => {
  const packageDir = join(repoRoot, workspace)
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Record<
    string,
    unknown
  >
  if (options.build !== false) await runOk("npm", ["run", "build"], { cwd: packageDir, timeoutMs: 300_000 })
  const staging = join(destination, `staging-${workspace.replaceAll("/", "-")}`)
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const shipped = [...((manifest.files as ReadonlyArray<string> | undefined) ?? []), "README.md", "LICENSE"]
  for (const entry of shipped)
    if (existsSync(join(packageDir, entry)))
      cpSync(join(packageDir, entry), join(staging, entry), { recursive: true })
  const { scripts: _scripts, devDependencies: _dev, ...rest } = manifest
  const published = { ...rest, exports: publishedExports(manifest.exports) }
  writeFileSync(join(staging, "package.json"), `${JSON.stringify(published, null, 2)}\n`)
  const packed = await runOk("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: staging,
    timeoutMs: 120_000,
  })
  const [info] = JSON.parse(packed.stdout) as ReadonlyArray<{
    readonly filename: string
    readonly files: ReadonlyArray<{ readonly path: string }>
  }>
  if (info === undefined) throw new Error(`npm pack printed no result for ${workspace}`)
  return {
    name: String(manifest.name),
    tarball: join(destination, info.filename),
    files: info.files.map((file) => file.path),
    manifest: published,
  }
}

/** A fresh directory under the system temp dir; remove it with `removeDir` when done. */
export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `appkit-${prefix}-`))

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true })

/**
 * A project that depends on the tarballs (and any other registry packages), installed as a user would: from
 * the registry through npm's cache, without running install scripts.
 */
export const installProject = async (
  dir: string,
  dependencies: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>> = {},
): Promise<void> => {
  const manifest = { name: "appkit-packaging-check", private: true, type: "module", dependencies }
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  await runOk("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: dir,
    timeoutMs: 300_000,
  })
}

export interface ExportProblem {
  readonly subpath: string
  readonly problem: string
}

/**
 * publint-style checks of a packed manifest against the tarball's files: every export target exists, `types`
 * is the first condition of each entry (TypeScript takes the first match), and every entry has an `import`.
 */
export const exportProblems = (packed: PackedPackage): ReadonlyArray<ExportProblem> => {
  const problems: Array<ExportProblem> = []
  const shipped = new Set(packed.files)
  const exportsMap = packed.manifest.exports
  if (typeof exportsMap !== "object" || exportsMap === null)
    return [{ subpath: ".", problem: "no exports map" }]
  for (const [subpath, target] of Object.entries(exportsMap as Record<string, unknown>)) {
    const targets = typeof target === "string" ? { default: target } : (target as Record<string, unknown>)
    const conditions = Object.keys(targets)
    if (typeof target !== "string" && conditions[0] !== "types")
      problems.push({ subpath, problem: `"types" must be the first condition, not "${conditions[0]}"` })
    if (typeof target !== "string" && !conditions.includes("import"))
      problems.push({ subpath, problem: 'no "import" condition' })
    for (const [condition, path] of Object.entries(targets)) {
      if (typeof path !== "string") {
        problems.push({ subpath, problem: `condition "${condition}" is not a file path` })
        continue
      }
      if (!shipped.has(path.replace(/^\.\//, "")))
        problems.push({ subpath, problem: `${condition} target ${path} is not in the tarball` })
    }
  }
  return problems
}
