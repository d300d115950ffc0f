import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"
import { anvilBinaryPath, startAnvil, startFixtureApi, startRelay } from "@appkit/fixtures"
import { devStackFile, removeDevStack, writeDevStack } from "../devStack"
import { CliError, printJson, printLine } from "../output"

/**
 * `appkit-cli dev`: the local stack on loopback — anvil, the fixture API server and the WalletConnect relay —
 * running until SIGINT/SIGTERM, then stopped together. While it runs, `$APPKIT_HOME/dev.json` says where
 * it is, so the other commands default to it. `--json` prints one line {rpcUrl, chainId, apiUrl, relayUrl}
 * once everything answers, for scripts that wait on it.
 */
interface DevOptions {
  readonly chainId: number
  readonly port: number
  readonly apiPort: number
  readonly relayPort: number
  readonly json?: boolean | undefined
}

interface Running {
  readonly stop: () => Promise<void>
}

/** Stops everything started so far; one failing stop does not keep the others running. */
const stopAll = async (running: ReadonlyArray<Running>): Promise<void> => {
  const results = await Promise.allSettled(running.map((service) => service.stop()))
  const failed = results.find((result) => result.status === "rejected")
  if (failed) throw new CliError(`Stopping the dev stack failed: ${String(failed.reason)}`)
}

/** An `anvil` on PATH (Foundry's), for an install of appkit-cli that does not carry one. */
const anvilOnPath = (): string | undefined => {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, process.platform === "win32" ? "anvil.exe" : "anvil")
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/**
 * The anvil to run: the one @foundry-rs/anvil installs (in the AppKit repository), else Foundry's on PATH.
 * The published appkit-cli leaves the 43 MB binary out, so without either this says how to get one.
 */
const findAnvil = (): string => {
  try {
    return anvilBinaryPath()
  } catch {
    const onPath = anvilOnPath()
    if (onPath !== undefined) return onPath
    throw new CliError(
      "The local stack needs anvil, which this install of appkit-cli does not include (43 MB). Install Foundry (https://getfoundry.sh, then `foundryup`) so that `anvil` is on PATH, or run `npm start` in the AppKit repository",
      { code: "AnvilMissing" },
    )
  }
}

export const devAction = async (options: DevOptions): Promise<void> => {
  const binary = findAnvil()
  const stopped = new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"))
    process.once("SIGTERM", () => resolve("SIGTERM"))
  })
  // allSettled, not all: when one service fails to start, the others must still be stopped.
  const [anvil, api, relay] = await Promise.allSettled([
    startAnvil({ chainId: options.chainId, port: options.port, binary }),
    startFixtureApi({ port: options.apiPort }),
    startRelay({ port: options.relayPort }),
  ])
  const running: ReadonlyArray<Running> = [
    ...(anvil.status === "fulfilled" ? [anvil.value] : []),
    ...(api.status === "fulfilled" ? [{ stop: api.value.close }] : []),
    ...(relay.status === "fulfilled" ? [{ stop: relay.value.close }] : []),
  ]
  if (anvil.status === "rejected" || api.status === "rejected" || relay.status === "rejected") {
    await stopAll(running)
    const failure = [anvil, api, relay].find((result) => result.status === "rejected")
    throw new CliError(`The dev stack did not start: ${String(failure?.reason)}`)
  }
  const chainId = `eip155:${anvil.value.chainId}`
  const stack = { rpcUrl: anvil.value.rpcUrl, chainId, apiUrl: api.value.url, relayUrl: relay.value.url }
  writeDevStack({ ...stack, pid: process.pid })
  try {
    if (options.json) printJson(stack)
    else {
      printLine(`anvil  ${stack.rpcUrl}  (${chainId})`)
      printLine(`api    ${stack.apiUrl}`)
      printLine(`relay  ${stack.relayUrl}`)
      printLine("accounts (10 000 ETH each):")
      for (const [index, account] of anvil.value.accounts.entries())
        printLine(`  (${index}) ${account.address}  ${account.privateKey}`)
      printLine(`While this runs, the other commands use this stack by default (${devStackFile()}).`)
      printLine("Ctrl-C stops everything.")
    }
    await stopped
  } finally {
    removeDevStack()
    await stopAll(running)
  }
}
