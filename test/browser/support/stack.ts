import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createInterface } from "node:readline"
import { cliPath } from "../../support/cli"

export interface DemoStack {
  readonly rpcUrl: string
  readonly chainId: string
  readonly apiUrl: string
  readonly relayUrl: string
  readonly pageUrl: string
  /** SIGTERM, as Ctrl-C would: the CLI stops anvil, the servers and the page; SIGKILL after 10 s. */
  readonly stop: () => Promise<void>
}

/** The first stdout line of a long-running command, bounded so a hung start fails instead of hanging. */
const firstLine = (child: ChildProcess, timeoutMs: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms`)), timeoutMs)
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    lines.once("line", (line) => {
      clearTimeout(timer)
      lines.close()
      resolve(line)
    })
    child.once("exit", (code) => reject(new Error(`appkit-cli dev exited with ${code} before printing`)))
  })

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, "exit")
  child.kill("SIGTERM")
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
  await exited
  clearTimeout(timer)
}

/**
 * What `npm start` runs (appkit-cli dev --serve), on free ports so a developer's own stack is left alone:
 * anvil on chain 1 (the fixture API knows its tokens), the fixture API, the relay and the built demo page.
 */
export const startDemoStack = async (pageDir: string): Promise<DemoStack> => {
  const child = spawn(
    process.execPath,
    [
      cliPath,
      "dev",
      "--json",
      "--chain-id",
      "1",
      "--port",
      "0",
      "--api-port",
      "0",
      "--relay-port",
      "0",
      "--serve-port",
      "0",
      "--serve",
      pageDir,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  )
  try {
    const started = JSON.parse(await firstLine(child, 30_000)) as Omit<DemoStack, "stop">
    return { ...started, stop: () => stopChild(child) }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}

/** `appkit-cli dev wallet`, paired with `uri`: the dev WalletConnect wallet a user would run in a terminal. */
export const startDevWallet = (stack: DemoStack, uri: string) => {
  const child = spawn(
    process.execPath,
    [cliPath, "dev", "wallet", "--uri", uri, "--relay-url", stack.relayUrl, "--rpc-url", stack.rpcUrl],
    { stdio: ["ignore", "pipe", "pipe"] },
  )
  let output = ""
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
  return { output: () => output, stop: () => stopChild(child) }
}
