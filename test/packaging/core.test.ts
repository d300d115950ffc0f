import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  exportProblems,
  installProject,
  type PackedPackage,
  packWorkspace,
  removeDir,
  repoBin,
  repoRoot,
  run,
  runOk,
  tempDir,
} from "./pack"

// @appkit/core as a user installs it: the packed tarball in fresh projects outside the repo (plain Node ESM,
// TypeScript on NodeNext against the shipped .d.ts, a Vite production build).

const nodeApp = `
import { createAppKit } from "@appkit/core"
import { fileStorage } from "@appkit/core/node"
import { validateAddress } from "@appkit/core/validation"

const appKit = createAppKit({
  projectId: "packaging",
  networks: [{ id: 1, name: "Ethereum", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } }],
  reconnect: false,
})
await appKit.open()
const state = appKit.getState()
let refused
try {
  createAppKit({ projectId: "packaging", networks: [{ id: -1, name: "Nowhere" }] })
} catch (error) {
  refused = error
}
await appKit.dispose()
console.log(JSON.stringify({
  view: state.router.view,
  open: state.modal.open,
  network: state.network.caipNetwork.caipNetworkId,
  valid: validateAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"),
  invalid: validateAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046").error,
  refused: { tag: refused?._tag, message: refused?.message, docsPath: refused?.docsPath },
  fileStorage: typeof fileStorage,
}))
`

const typedApp = `
import { type AppKit, type AppKitState, createAppKit, type GetBalanceErrorType, Network } from "@appkit/core"
import { Connection } from "@appkit/core/effect"
import { evmRpcClient } from "@appkit/core/evm"
import { fileStorage } from "@appkit/core/node"
import { verifySiweMessage } from "@appkit/core/siwx"
import { scriptedWallet } from "@appkit/core/testing"
import { parseUnits, validateAddress } from "@appkit/core/validation"

const appKit: AppKit = createAppKit({ projectId: "p", networks: [{ id: 1, name: "Ethereum" }] })
const unsubscribe: () => void = appKit.subscribe(
  (state: AppKitState) => state.network.caipNetwork,
  (next, previous) => console.log(next.caipNetworkId, previous.name),
  { equalityFn: (a, b) => a.caipNetworkId === b.caipNetworkId, fireImmediately: true },
)
const describeFailure = (error: GetBalanceErrorType): string => \`\${error._tag}: \${error.shortMessage} (\${error.docsPath})\`
const balance: Promise<bigint> = appKit.getBalance({ chainId: 1 }).then((result) => result.value)
const valid: boolean = validateAddress("0x0").valid
export { balance, Connection, describeFailure, evmRpcClient, fileStorage, Network, parseUnits, scriptedWallet, unsubscribe, valid, verifySiweMessage }

// The shipped types are real, not any: each of these must be refused.
// @ts-expect-error projectId is a string
createAppKit({ projectId: 1, networks: [{ id: 1, name: "Ethereum" }] })
// @ts-expect-error an internal of the core is not public
export type Internal = typeof import("@appkit/core").readJson
// @ts-expect-error getBalance resolves to a balance object, not a bigint
export const wrong: Promise<string> = appKit.getBalance()
`

const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    types: ["node"],
    lib: ["ES2023", "DOM"],
  },
  include: ["check.ts"],
}

const page = `<!doctype html><html><body><script type="module" src="/main.ts"></script></body></html>`
const pageApp = `
import { createAppKit, discoverInjectedProviders, makeInjectedConnector } from "@appkit/core"

const appKit = createAppKit({ projectId: "p", networks: [{ id: 1, name: "Ethereum" }] })
document.body.dataset.view = appKit.getState().router.view
Object.assign(window, { discoverInjectedProviders, makeInjectedConnector })
`

describe("the packed @appkit/core", () => {
  let workDir: string
  let project: string
  let packed: PackedPackage

  beforeAll(async () => {
    workDir = tempDir("core-pack")
    project = join(workDir, "project")
    packed = await packWorkspace("core", workDir)
    const nodeTypes = JSON.parse(
      readFileSync(join(repoRoot, "node_modules/@types/node/package.json"), "utf8"),
    )
    await runOk("mkdir", ["-p", project], { cwd: workDir })
    await installProject(
      project,
      { "@appkit/core": `file:${packed.tarball}`, "@types/node": nodeTypes.version as string },
      {
        "index.mjs": nodeApp,
        "check.ts": typedApp,
        "tsconfig.json": JSON.stringify(tsconfig, null, 2),
        "index.html": page,
        "main.ts": pageApp,
      },
    )
  }, 600_000)

  afterAll(() => removeDir(workDir), 60_000)

  it("ships dist (ESM, .d.ts, source maps), a README and a LICENSE, and no sources, tests or repo tsconfig", () => {
    const { files } = packed
    expect(files).toEqual(
      expect.arrayContaining(["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts"]),
    )
    expect(files.some((file) => file.endsWith(".js.map"))).toBe(true)
    expect(
      files.filter(
        (file) => !file.startsWith("dist/") && !["package.json", "README.md", "LICENSE"].includes(file),
      ),
    ).toEqual([])
    expect(
      files.filter(
        (file) => /\.test\.|(^|\/)tsconfig[^/]*\.json$|\.ts$/.test(file) && !file.endsWith(".d.ts"),
      ),
    ).toEqual([])
    expect(packed.manifest).toMatchObject({ license: "MIT", type: "module", files: ["dist"] })
    expect(packed.manifest).not.toHaveProperty("devDependencies")
  })

  it("passes the publint-style checks: each export's targets exist, types first, an import condition", () => {
    expect(Object.keys(packed.manifest.exports as object)).toEqual([
      ".",
      "./effect",
      "./evm",
      "./siwx",
      "./validation",
      "./node",
      "./testing",
      "./solana",
      "./bitcoin",
      "./bitcoin/tools",
      "./embedded",
      "./polkadot",
      "./cosmos",
      "./defaults",
      "./package.json",
    ])
    expect(exportProblems(packed)).toEqual([])
  })

  it("runs in a plain Node ESM project: createAppKit, validateAddress, the node entry, a named options error", async () => {
    const { stdout } = await runOk("node", ["index.mjs"], { cwd: project, timeoutMs: 60_000 })
    expect(JSON.parse(stdout)).toEqual({
      view: "Connect",
      open: true,
      network: "eip155:1",
      valid: expect.objectContaining({ valid: true, namespace: "eip155" }),
      invalid:
        "Invalid EVM address checksum (EIP-55); if every character is right, its checksummed form is 0xd8da6BF26964Af9d7EeD9E03e53415d37aa96046",
      refused: {
        tag: "InvalidAppKitOptionsError",
        message: "Invalid AppKit options: networks[0].id: expected a positive integer",
        docsPath: "/errors#invalid-appkit-options",
      },
      fileStorage: "function",
    })
  })

  it("type-checks a TypeScript project on NodeNext against the shipped .d.ts, and refuses wrong uses", async () => {
    const result = await run(repoBin("tsc"), ["-p", "tsconfig.json"], { cwd: project, timeoutMs: 180_000 })
    expect(`${result.stdout}${result.stderr}`).toBe("")
    expect(result.code).toBe(0)
  })

  it("builds with Vite for production, WalletConnect's sign-client nowhere in the page's code", async () => {
    await runOk("node", [join(repoRoot, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
      cwd: project,
      timeoutMs: 180_000,
    })
    const assets = join(project, "dist", "assets")
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"))
    expect(scripts.length).toBeGreaterThan(0)
    const html = readFileSync(join(project, "dist", "index.html"), "utf8")
    const entry = scripts.find((file) => html.includes(file)) as string
    expect(readFileSync(join(assets, entry), "utf8")).not.toContain("wc_sessionPropose")
  })
})
