import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const root = fileURLToPath(new URL("../..", import.meta.url))

/**
 * Issue 9 §1 for the CLI: the packed appkit-cli, installed globally into a temp prefix as a user would
 * (`npm i -g`), starts and works — from its own install only, far from this repository — and carries no
 * anvil (43 MB): `dev` then says how to get the local stack. The install is `--offline`, from npm's cache
 * (the repository's own `npm ci` filled it), so nothing here reaches beyond this machine.
 */
let dir: string
let tarball: string
let anvil: Anvil
const prefix = () => join(dir, "prefix")
const installed = () => join(prefix(), "lib", "node_modules", "@appkit", "cli")
/** PATH without this repository's node_modules/.bin (where anvil's npm wrapper lives). */
const cleanPath = () =>
  (process.env.PATH ?? "")
    .split(delimiter)
    .filter((entry) => !entry.includes("node_modules"))
    .join(delimiter)

const appkitCli = (args: ReadonlyArray<string>) =>
  run(join(prefix(), "bin", "appkit-cli"), [...args], {
    cwd: dir,
    env: { HOME: dir, APPKIT_HOME: join(dir, "home"), PATH: cleanPath(), NO_COLOR: "1" },
    timeout: 30_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }),
  )

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "appkit-packaging-"))
  const [packed] = await Promise.all([
    run("npm", ["pack", "-w", "@appkit/cli", "--pack-destination", dir, "--json"], { cwd: root }),
    startAnvil({ accounts: 1 }).then((started) => {
      anvil = started
    }),
  ])
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }]
  tarball = join(dir, filename)
  await run(
    "npm",
    ["install", "--global", "--prefix", prefix(), tarball, "--offline", "--no-audit", "--no-fund"],
    { cwd: dir, timeout: 180_000 },
  )
}, 240_000)

afterAll(async () => {
  await anvil?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Every file under `path`, relative to it. */
const filesUnder = (path: string, base = path): ReadonlyArray<string> =>
  readdirSync(path).flatMap((name) => {
    const full = join(path, name)
    return statSync(full).isDirectory() ? filesUnder(full, base) : [full.slice(base.length + 1)]
  })

describe("the packed appkit-cli, installed globally", () => {
  it("ships its bundle and nothing of the repository: no sources, tests or tsconfig; no bundled workspace as a dependency", () => {
    const files = filesUnder(installed()).filter((file) => !file.startsWith("node_modules/"))
    expect(files).toContain("dist/appkit-cli.js")
    expect(files).toContain("bin/appkit-cli.js")
    expect(files.filter((file) => /(^src\/|\.test\.|tsconfig|rolldown\.config)/.test(file))).toEqual([])
    const manifest = JSON.parse(readFileSync(join(installed(), "package.json"), "utf8")) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith("@appkit/"))).toEqual([])
  })

  it("installs no anvil", () => {
    const anvilPackages = filesUnder(prefix()).filter((file) => /@foundry-rs\/|\/anvil$/.test(file))
    expect(anvilPackages).toEqual([])
  })

  it("starts: --version, address validate, and balance against anvil", async () => {
    const version = await appkitCli(["--version"])
    expect(version).toMatchObject({ code: 0, stdout: "0.1.0\n" })
    const validated = await appkitCli([
      "address",
      "validate",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "--json",
    ])
    expect(validated.code).toBe(0)
    expect(JSON.parse(validated.stdout)).toMatchObject({ valid: true, namespace: "eip155" })
    const misCased = await appkitCli(["address", "validate", "0x70997970C51812dc3A010C7d01b50e0d17dc79c8"])
    expect(misCased.code).toBe(1)
    const address = anvil.accounts[0]?.address as string
    const balance = await appkitCli(["balance", address, "--rpc-url", anvil.rpcUrl, "--json"])
    expect(balance.stderr).toBe("")
    expect(JSON.parse(balance.stdout)).toMatchObject({ balance: "10000", decimals: 18 })
  })

  it("`dev` says how to get the local stack when no anvil is installed", async () => {
    const dev = await appkitCli(["dev", "--port", "0", "--api-port", "0", "--relay-port", "0"])
    expect(dev.code).toBe(2)
    expect(dev.stderr).toBe(
      "The local stack needs anvil, which this install of appkit-cli does not include (43 MB). Install Foundry (https://getfoundry.sh, then `foundryup`) so that `anvil` is on PATH, or run `npm start` in the AppKit repository\n",
    )
    expect(existsSync(join(dir, "home", "dev.json"))).toBe(false)
  })
})
