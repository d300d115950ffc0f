import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  type DevWallet,
  type DevWalletOptions,
  type Relay,
  startDevWallet,
  startRelay,
} from "@appkit/fixtures"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { cliPath } from "../support/cli"

/**
 * A local relay for the test file, and dev wallets on it (each with its own storage prefix), all closed
 * after the file's tests. `relay` is there once the tests run. What the wallets did during a test (each
 * wallet's log: approved, rejected, answered, failed) is printed when that test fails.
 */
export const useRelayAndWallets = (name: string) => {
  let relay: Relay | undefined
  const wallets: Array<DevWallet> = []
  const walletLog: Array<string> = []
  beforeAll(async () => {
    relay = await startRelay({ quiet: true })
  })
  beforeEach(({ onTestFailed }) => {
    const from = walletLog.length
    onTestFailed(() => {
      const lines = walletLog.slice(from)
      console.error(
        lines.length === 0
          ? "The dev wallets logged nothing during this test."
          : `What the dev wallets did during this test:\n${lines.join("\n")}`,
      )
    })
  })
  afterAll(async () => {
    for (const wallet of wallets) await wallet.close()
    await relay?.close()
  })
  const started = () => {
    if (relay === undefined) throw new Error("the relay starts before the tests")
    return relay
  }
  return {
    get relay() {
      return started()
    },
    devWallet: async (options: Omit<DevWalletOptions, "relayUrl" | "storagePrefix"> = {}) => {
      const storagePrefix = `${name}-wallet-${wallets.length}`
      const wallet = await startDevWallet({
        relayUrl: started().url,
        storagePrefix,
        ...options,
        log: (line) => {
          walletLog.push(`[${storagePrefix}] ${line}`)
          options.log?.(line)
        },
      })
      wallets.push(wallet)
      return wallet
    },
  }
}

/** A fresh CLI home (no stored connection) pointed at `relayUrl`, with no private key in the environment. */
export const cliEnv = (relayUrl: string) => ({
  APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-wc-")),
  APPKIT_RELAY_URL: relayUrl,
  APPKIT_PRIVATE_KEY: "",
})

/**
 * Runs `appkit-cli connect` (JSON lines unless `plain`) and hands the URI it prints to `wallet` as soon as
 * it appears (the way a user scans the QR code), then waits for the command to finish.
 */
export const connectWith = (
  wallet: Pick<DevWallet, "pair">,
  env: NodeJS.ProcessEnv,
  options: { readonly plain?: boolean; readonly args?: ReadonlyArray<string> } = {},
) =>
  new Promise<{
    code: number | null
    events: Array<Record<string, unknown>>
    lines: Array<string>
    stderr: string
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cliPath,
        "connect",
        "--chain",
        "eip155:31337",
        ...(options.plain ? [] : ["--json"]),
        ...(options.args ?? []),
      ],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    const events: Array<Record<string, unknown>> = []
    const printed: Array<string> = []
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`connect did not finish: ${stdout} ${stderr}`))
    }, 20_000)
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      const lines = stdout.split("\n")
      stdout = lines.pop() ?? ""
      for (const line of lines) {
        printed.push(line)
        if (options.plain) {
          if (line.startsWith("uri: ")) wallet.pair(line.slice("uri: ".length)).catch(reject)
          continue
        }
        if (!line.startsWith("{")) continue
        const event = JSON.parse(line) as Record<string, unknown>
        events.push(event)
        if (event.event === "display_uri") wallet.pair(String(event.uri)).catch(reject)
      }
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, events, lines: printed, stderr })
    })
  })
