import { execFile } from "node:child_process"
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterEach, describe, expect, it } from "vitest"
import {
  cliInputDirs,
  cliInputFiles,
  cliInputs,
  cliInputsHash,
  installCliBuild,
  isCliBuildCurrent,
  readStamp,
  stampPath,
} from "../../scripts/cliBuild"

const roots: Array<string> = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

/** A repository laid out as this one, with a few sources in each of the bundle's input folders. */
const fakeRepo = () => {
  const root = mkdtempSync(join(tmpdir(), "appkit-cli-build-"))
  roots.push(root)
  for (const dir of cliInputDirs) {
    write(root, `${dir}/index.ts`, `export const where = "${dir}"\n`)
    write(root, `${dir}/index.test.ts`, "it('works', () => {})\n")
  }
  for (const file of cliInputFiles) write(root, file, "{}\n")
  return root
}

/** A finished build in the folder a build writes to: the entry names its chunk by content. */
const fakeBuild = (root: string, version: string) => {
  const built = join(root, "cli", `.dist-build-${version}`)
  write(built, "appkit-cli.js", `import "./chunks/command-${version}.js"\n`)
  write(built, "appkit-cli.js.map", `{"version":3,"sources":["${version}"]}`)
  write(built, `chunks/command-${version}.js`, `export const version = "${version}"\n`)
  write(built, "chunks/shared-same.js", "export const shared = 1\n")
  return built
}

const distFiles = (root: string) => {
  const dist = join(root, "cli", "dist")
  const walk = (dir: string): ReadonlyArray<string> =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(dist, join(dir, entry.name))],
    )
  return [...walk(dist)].sort()
}

describe("cliInputsHash: what makes cli/dist stale", () => {
  it("changes with a source's content, a new, renamed or deleted source, the rolldown config or the lockfile", () => {
    const root = fakeRepo()
    const changes: ReadonlyArray<[string, () => void]> = [
      ["a core source edited", () => write(root, "core/src/index.ts", "export const where = 1\n")],
      ["a cli source added", () => write(root, "cli/src/new.ts", "export {}\n")],
      ["a fixtures source added", () => write(root, "fixtures/src/nested/deep.ts", "export {}\n")],
      [
        "a secure-site source renamed",
        () =>
          renameSync(
            join(root, "fixtures/secure-site/src/index.ts"),
            join(root, "fixtures/secure-site/src/main.ts"),
          ),
      ],
      ["a cli source deleted", () => unlinkSync(join(root, "cli/src/new.ts"))],
      ["the rolldown config edited", () => write(root, "cli/rolldown.config.ts", "export default {}\n")],
      ["the lockfile edited", () => write(root, "package-lock.json", '{"lockfileVersion":3}\n')],
      ["a workspace manifest edited", () => write(root, "core/package.json", '{"sideEffects":true}\n')],
      ["a file named like a test but not one", () => write(root, "core/src/x.testing.ts", "export {}\n")],
      ["a manifest deleted", () => unlinkSync(join(root, "fixtures/package.json"))],
    ]
    const seen = new Set([cliInputsHash(root)])
    for (const [what, change] of changes) {
      change()
      const hash = cliInputsHash(root)
      expect(seen.has(hash), what).toBe(false)
      seen.add(hash)
    }
  })

  it("stays the same for a touch without a change, an edited or new test, and files outside the inputs", () => {
    const root = fakeRepo()
    const before = cliInputsHash(root)
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(root, "core/src/index.ts"), later, later)
    write(root, "core/src/index.test.ts", "it('still works', () => {})\n")
    write(root, "cli/src/view.test.tsx", "it('renders', () => {})\n")
    write(root, "react-ui/src/App.tsx", "export {}\n")
    write(root, "test/evm/new.test.ts", "export {}\n")
    write(root, "cli/README.md", "# appkit-cli\n")
    expect(cliInputsHash(root)).toBe(before)
  })

  it("lists the inputs sorted and without tests, whatever order the folders are read in", () => {
    const root = fakeRepo()
    const inputs = cliInputs(root)
    expect(inputs).toEqual([...inputs].sort())
    expect(inputs.filter((path) => path.includes(".test."))).toEqual([])
    expect(inputs).toContain("core/src/index.ts")
  })
})

describe("isCliBuildCurrent and installCliBuild", () => {
  it("is stale without a stamp, current once a build is installed, stale again when an input changes", () => {
    const root = fakeRepo()
    expect(isCliBuildCurrent(root)).toBe(false)
    installCliBuild(root, fakeBuild(root, "one"), cliInputsHash(root))
    expect(isCliBuildCurrent(root)).toBe(true)
    write(root, "cli/src/index.ts", "export const where = 2\n")
    expect(isCliBuildCurrent(root)).toBe(false)
  })

  it("is stale when dist is no longer the stamped build: another build's entry, a chunk gone, a broken stamp", () => {
    const otherEntry = fakeRepo()
    installCliBuild(otherEntry, fakeBuild(otherEntry, "one"), cliInputsHash(otherEntry))
    // `npm run build` (or npm ci's prepare) writes dist without the stamp: same sources, other bytes.
    write(otherEntry, "cli/dist/appkit-cli.js", 'import "./chunks/command-two.js"\n')
    expect(isCliBuildCurrent(otherEntry)).toBe(false)

    const chunkGone = fakeRepo()
    installCliBuild(chunkGone, fakeBuild(chunkGone, "one"), cliInputsHash(chunkGone))
    unlinkSync(join(chunkGone, "cli/dist/chunks/command-one.js"))
    expect(isCliBuildCurrent(chunkGone)).toBe(false)

    const entryGone = fakeRepo()
    installCliBuild(entryGone, fakeBuild(entryGone, "one"), cliInputsHash(entryGone))
    unlinkSync(join(entryGone, "cli/dist/appkit-cli.js"))
    expect(isCliBuildCurrent(entryGone)).toBe(false)

    for (const broken of ["{", "null", '{"inputs":1,"entry":"","files":[]}', '{"inputs":"","entry":""}']) {
      const root = fakeRepo()
      installCliBuild(root, fakeBuild(root, "one"), cliInputsHash(root))
      writeFileSync(stampPath(root), broken)
      expect(readStamp(root), broken).toBeUndefined()
      expect(isCliBuildCurrent(root), broken).toBe(false)
    }
  })

  it("adds the new chunks, replaces the entry, keeps the replaced build's chunks for CLIs still running it and drops older ones", () => {
    const root = fakeRepo()
    // dist as `npm run build` left it: no stamp, so all of it is kept for one round.
    write(root, "cli/dist/appkit-cli.js", 'import "./chunks/command-zero.js"\n')
    write(root, "cli/dist/chunks/command-zero.js", "export {}\n")
    const inputs = cliInputsHash(root)

    const built = fakeBuild(root, "one")
    const stamp = installCliBuild(root, built, inputs)
    expect(existsSync(built)).toBe(false)
    expect(stamp.files).toEqual([
      "chunks/command-one.js",
      "chunks/shared-same.js",
      "appkit-cli.js.map",
      "appkit-cli.js",
    ])
    expect(readFileSync(join(root, "cli/dist/appkit-cli.js"), "utf8")).toContain("command-one")
    expect(distFiles(root)).toContain("chunks/command-zero.js")

    installCliBuild(root, fakeBuild(root, "two"), inputs)
    expect(readFileSync(join(root, "cli/dist/appkit-cli.js"), "utf8")).toContain("command-two")
    expect(distFiles(root)).toEqual([
      "appkit-cli.js",
      "appkit-cli.js.map",
      "chunks/command-one.js",
      "chunks/command-two.js",
      "chunks/shared-same.js",
    ])
    expect(readStamp(root)?.files).toContain("chunks/command-two.js")
    expect(isCliBuildCurrent(root)).toBe(true)
  })

  it("refuses a build without its entry and leaves dist as it was", () => {
    const root = fakeRepo()
    installCliBuild(root, fakeBuild(root, "one"), cliInputsHash(root))
    const broken = fakeBuild(root, "two")
    unlinkSync(join(broken, "appkit-cli.js"))
    expect(() => installCliBuild(root, broken, "other")).toThrow(/has no appkit-cli\.js/)
    expect(isCliBuildCurrent(root)).toBe(true)
  })
})

describe("npm run build -w @appkit/cli", () => {
  const repo = resolve(fileURLToPath(new URL("../..", import.meta.url)))

  /**
   * A fake repository whose cli has this repository's manifest (its real build script) and build scripts, tsx,
   * and a stand-in rolldown that logs each call and writes a small bundle where it is told (`--dir`).
   */
  const repoWithBuild = () => {
    const root = fakeRepo()
    cpSync(join(repo, "cli/package.json"), join(root, "cli/package.json"))
    cpSync(join(repo, "scripts"), join(root, "scripts"), { recursive: true })
    const bin = join(root, "node_modules/.bin")
    mkdirSync(bin, { recursive: true })
    symlinkSync(realpathSync(join(repo, "node_modules/.bin/tsx")), join(bin, "tsx"))
    write(
      root,
      "node_modules/.bin/rolldown",
      `#!/usr/bin/env node
const { appendFileSync, mkdirSync, writeFileSync } = require("node:fs")
const { join } = require("node:path")
const args = process.argv.slice(2)
appendFileSync(join(__dirname, "rolldown.log"), args.join(" ") + "\\n")
const dir = args.includes("--dir") ? args[args.indexOf("--dir") + 1] : "dist"
mkdirSync(join(dir, "chunks"), { recursive: true })
writeFileSync(join(dir, "chunks/command-a.js"), "export const a = 1\\n")
writeFileSync(join(dir, "appkit-cli.js"), 'import "./chunks/command-a.js"\\n')
`,
    )
    chmodSync(join(bin, "rolldown"), 0o755)
    return { root, builds: () => readFileSync(join(bin, "rolldown.log"), "utf8").trim().split("\n") }
  }
  const npmBuild = (root: string) =>
    promisify(execFile)("npm", ["run", "build"], { cwd: join(root, "cli"), env: { ...process.env, CI: "1" } })

  it("installs through the tests' atomic builder: built aside, stamped, and skipped while current", async () => {
    const { root, builds } = repoWithBuild()
    await npmBuild(root)
    // Written to a folder of its own, then installed: never into dist itself, where a running CLI reads.
    expect(builds()).toHaveLength(1)
    expect(builds()[0]).toMatch(/--dir \.dist-build-\d+$/)
    expect(isCliBuildCurrent(root)).toBe(true)
    expect(readStamp(root)?.files).toEqual(["chunks/command-a.js", "appkit-cli.js"])
    await npmBuild(root)
    expect(builds()).toHaveLength(1)
    write(root, "cli/src/index.ts", "export const where = 2\n")
    await npmBuild(root)
    expect(builds()).toHaveLength(2)
    expect(isCliBuildCurrent(root)).toBe(true)
  }, 60_000)
})

describe("the inputs cover what cli/dist is really built from", () => {
  it("every repository file named by the bundle's source maps is one of the stamp's inputs", () => {
    const root = resolve(fileURLToPath(new URL("../..", import.meta.url)))
    const inputs = new Set(cliInputs(root))
    const dist = join(root, "cli", "dist")
    const stamp = readStamp(root)
    const maps = (stamp?.files ?? []).filter((file) => file.endsWith(".map"))
    expect(maps.length).toBeGreaterThan(1)
    const sources = new Set(
      maps.flatMap((map) => {
        const { sources: named } = JSON.parse(readFileSync(join(dist, map), "utf8")) as {
          sources: Array<string>
        }
        return named.map((source) => relative(root, resolve(dirname(join(dist, map)), source)))
      }),
    )
    const fromRepo = [...sources].filter((source) => !source.split(/[\\/]/).includes("node_modules"))
    expect(fromRepo.length).toBeGreaterThan(100)
    expect(fromRepo.filter((source) => !inputs.has(source))).toEqual([])
  })
})
