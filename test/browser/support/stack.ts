import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { launchChromiumBrowser } from "../../support/chromium"
import { cliPath, firstLine, freeStackPorts } from "../../support/cli"
import { buildDemo } from "./demoBuild"

export interface DemoStack {
  readonly rpcUrl: string
  readonly chainId: string
  readonly apiUrl: string
  readonly relayUrl: string
  readonly solanaRpcUrl: string
  readonly solanaChainId: string
  readonly secureSiteUrl: string
  readonly swap: unknown
  readonly pageUrl: string
  /** SIGTERM, as Ctrl-C would: the CLI stops anvil, the servers and the page; SIGKILL after 10 s. */
  readonly stop: () => Promise<void>
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, "exit")
  child.kill("SIGTERM")
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
  await exited
  clearTimeout(timer)
}

/**
 * What `npm start` runs (appkit-cli dev --serve), on free ports and with its own APPKIT_HOME so a developer's
 * own stack (and the other test files' stacks) are left alone: one dev runs per home. anvil on chain 1 (the
 * fixture API knows its tokens), the fixture API, the relay and the built demo page.
 */
export const startDemoStack = async (pageDir: string): Promise<DemoStack> => {
  const child = spawn(
    process.execPath,
    [cliPath, "dev", "--json", "--chain-id", "1", ...freeStackPorts, "--serve-port", "0", "--serve", pageDir],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-demo-home-")) },
    },
  )
  try {
    const started = JSON.parse(await firstLine(child, 30_000)) as Omit<DemoStack, "stop">
    return { ...started, stop: () => stopChild(child) }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}

/**
 * `appkit-cli dev wallet`, paired with `uri`: the dev WalletConnect wallet a user would run in a terminal.
 * `type` sends it a command line as the user would type one (`chain 1337`).
 */
export const startDevWallet = (stack: DemoStack, uri: string) => {
  const child = spawn(
    process.execPath,
    [cliPath, "dev", "wallet", "--uri", uri, "--relay-url", stack.relayUrl, "--rpc-url", stack.rpcUrl],
    { stdio: ["pipe", "pipe", "pipe"] },
  )
  let output = ""
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  return {
    output: () => output,
    type: (line: string) => child.stdin?.write(`${line}\n`),
    stop: () => stopChild(child),
  }
}

/**
 * The usual suite setup: the demo built, the stack serving it and one browser, stopped and removed after.
 * `get()` gives them to the tests once `beforeAll` is done.
 */
export const demoSuite = (hooks: {
  readonly beforeAll: (fn: () => Promise<void>, timeout?: number) => void
  readonly afterAll: (fn: () => Promise<void>) => void
}) => {
  let pageDir: string | undefined
  let stack: DemoStack | undefined
  let browser: Browser | undefined
  hooks.beforeAll(async () => {
    pageDir = await buildDemo()
    ;[stack, browser] = await Promise.all([startDemoStack(pageDir), launchChromiumBrowser()])
  }, 120_000)
  hooks.afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    if (pageDir !== undefined) rmSync(pageDir, { recursive: true, force: true })
  })
  return {
    get: () => {
      if (stack === undefined || browser === undefined) throw new Error("the demo suite is not set up")
      return { stack, browser }
    },
  }
}
