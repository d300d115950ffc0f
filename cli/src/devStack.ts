import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { appkitHome } from "./home"
import { CliError } from "./output"
import { processStat } from "./processStat"

/**
 * Where a running `appkit-cli dev` (what `npm start` runs) serves the local stack. It claims this file as it
 * starts (one dev per APPKIT_HOME), fills in the stack's URLs once everything answers and removes it on stop,
 * so the other commands default to that stack and say so. A file left by a stack that was killed is ignored
 * by them, and taken over by the next dev: its process is gone.
 */
export interface DevStack {
  readonly rpcUrl: string
  readonly chainId: string
  readonly apiUrl: string
  readonly relayUrl: string
  readonly pid: number
  /** anvil's own process: the one part that outlives a dev killed before it could stop it. */
  readonly anvilPid?: number | undefined
  /** The local Solana chain, when the stack runs one: its JSON-RPC URL and CAIP-2 id. */
  readonly solana?: { readonly rpcUrl: string; readonly chainId: string } | undefined
  /** The embedded wallet's secure site, when the stack runs one. */
  readonly secureSiteUrl?: string | undefined
}

export const devStackFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "dev.json")

/** A record of this process, written whole (a reader never sees half a file), with when this process started. */
const writeRecord = (
  record: { readonly pid: number; readonly anvilPid?: unknown },
  env: NodeJS.ProcessEnv,
  claim = false,
): void => {
  const file = devStackFile(env)
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  // When the process and its anvil started: what tells them from later processes given the same pids.
  const processStart = processStat(record.pid)?.start
  const anvilStart = isPid(record.anvilPid) ? processStat(record.anvilPid)?.start : undefined
  const written = { ...record, ...(processStart && { processStart }), ...(anvilStart && { anvilStart }) }
  const text = `${JSON.stringify(written, null, 2)}\n`
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text, { mode: 0o600 })
  if (!claim) renameSync(temporary, file)
  else {
    // A claim links the whole file in only if there is none (EEXIST): two devs starting at once cannot both
    // have it, and neither ever reads the other's half-written.
    try {
      linkSync(temporary, file)
    } finally {
      rmSync(temporary, { force: true })
    }
  }
}

/** The stack as `dev --json` prints it, with the pid: readers use the fields of DevStack, people read the rest. */
export const writeDevStack = <Stack extends DevStack>(
  stack: Stack,
  env: NodeJS.ProcessEnv = process.env,
): void => writeRecord(stack, env)

/**
 * Records this dev's anvil (its pid and URL) as soon as it runs, before the rest of the stack: a dev killed
 * during start-up leaves an anvil the next dev can still find. The other commands wait for the whole stack.
 */
export const writeDevAnvil = (
  anvil: { readonly pid: number; readonly rpcUrl: string },
  env: NodeJS.ProcessEnv = process.env,
): void => {
  const record = { pid: process.pid, anvilPid: anvil.pid, rpcUrl: anvil.rpcUrl }
  writeRecord(record, env)
}

/** Removes the file if this process wrote it (another stack may have started since). */
export const removeDevStack = (env: NodeJS.ProcessEnv = process.env): void => {
  if (readStackFile(env)?.pid === process.pid) rmSync(devStackFile(env), { force: true })
}

/** Whether the stack's process still runs: its pid is live and, where known, started when it did. */
const isRunning = (pid: number, processStart: unknown): boolean => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false
  }
  const start = processStat(pid)?.start
  return typeof processStart !== "string" || start === undefined || start === processStart
}

const isUrl = (value: unknown, protocols: ReadonlyArray<string>): value is string => {
  if (typeof value !== "string") return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const isPid = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0

const readStackText = (env: NodeJS.ProcessEnv): string | undefined => {
  try {
    return readFileSync(devStackFile(env), "utf8")
  } catch {
    return undefined
  }
}

const parseRecord = (text: string | undefined): Record<string, unknown> | undefined => {
  try {
    const parsed: unknown = JSON.parse(text ?? "")
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const readStackFile = (env: NodeJS.ProcessEnv): Record<string, unknown> | undefined =>
  parseRecord(readStackText(env))

/**
 * Removes dev.json only if it still says `judged` (the record found dead): another dev that took the same dead
 * record over first has claimed the file meanwhile, and its claim must stay. The file is moved aside at once (a
 * rename is atomic), then either deleted or, when it turns out to be a fresh claim, linked back.
 */
export const removeDeadRecord = (env: NodeJS.ProcessEnv, judged: string): void => {
  const file = devStackFile(env)
  const aside = `${file}.${process.pid}.dead`
  try {
    renameSync(file, aside)
  } catch {
    return // gone already: another dev removed it
  }
  try {
    if (readFileSync(aside, "utf8") !== judged) linkSync(aside, file)
  } catch {
    // A third dev claimed the file in between: its claim stands.
  } finally {
    rmSync(aside, { force: true })
  }
}

const portOf = (url: unknown): number | undefined => {
  if (!isUrl(url, ["http:", "https:", "ws:", "wss:"])) return undefined
  const port = new URL(url).port
  return port === "" ? undefined : Number(port)
}

/** What a dev killed before it could stop its stack left in dev.json: its pid, and its anvil's (a process of its own). */
export interface LeftStack {
  readonly pid: number
  readonly anvilPid?: number
  /** When that anvil started (ProcessStat.start): only the process that started then is that anvil. */
  readonly anvilStart?: string
  /** The port its anvil listened on, when it got that far. */
  readonly anvilPort?: number
}

/** The ports a running stack's record names, as a person reads them. */
const portsOf = (record: Record<string, unknown>): string => {
  const services = [
    ["anvil", record.rpcUrl],
    ["solana", record.solanaRpcUrl],
    ["api", record.apiUrl],
    ["relay", record.relayUrl],
    ["secure site", record.secureSiteUrl],
    ["page", record.pageUrl],
  ] as const
  const ports = services.flatMap(([name, url]) => {
    const port = portOf(url)
    return port === undefined ? [] : [`${name} port ${port}`]
  })
  return ports.length === 0 ? "still starting" : ports.join(", ")
}

/**
 * Makes dev.json this process's, for `appkit-cli dev` as it starts: refused (DevStackRunning) while another
 * dev runs with this APPKIT_HOME, since the other commands follow that file and two stacks would take it from
 * each other. A record whose process is gone (or that is no record) is taken over; what it says is returned.
 */
export const claimDevStack = (env: NodeJS.ProcessEnv = process.env): LeftStack | undefined => {
  let left: LeftStack | undefined
  // Bounded: each turn either claims the file or removes the dead record it read; another dev claiming it
  // meanwhile keeps its claim and is found running on the next turn.
  for (let turn = 0; turn < 3; turn++) {
    try {
      writeRecord({ pid: process.pid }, env, true)
      return left
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    const text = readStackText(env)
    const found = parseRecord(text) ?? {}
    if (isPid(found.pid) && found.pid !== process.pid && isRunning(found.pid, found.processStart))
      throw new CliError(
        `An appkit-cli dev already runs with APPKIT_HOME ${appkitHome(env)} (pid ${found.pid}; ${portsOf(found)}): stop it (Ctrl-C there), or run the second one with its own home (APPKIT_HOME=<another directory> appkit-cli dev)`,
        { code: "DevStackRunning" },
      )
    if (isPid(found.pid)) {
      const anvilPort = portOf(found.rpcUrl)
      left = {
        pid: found.pid,
        ...(isPid(found.anvilPid) && { anvilPid: found.anvilPid }),
        ...(typeof found.anvilStart === "string" && { anvilStart: found.anvilStart }),
        ...(anvilPort !== undefined && { anvilPort }),
      }
    }
    if (text !== undefined) removeDeadRecord(env, text)
  }
  throw new CliError(`Could not claim ${devStackFile(env)}: other appkit-cli dev runs keep taking it`, {
    code: "DevStackRunning",
  })
}

/** The running stack, or undefined when none runs (no file, an unreadable one, or its process is gone). */
export const readDevStack = (env: NodeJS.ProcessEnv = process.env): DevStack | undefined => {
  const { rpcUrl, chainId, apiUrl, relayUrl, pid, solanaRpcUrl, solanaChainId, secureSiteUrl, processStart } =
    readStackFile(env) ?? {}
  const http = ["http:", "https:"]
  if (
    !isUrl(rpcUrl, http) ||
    !isUrl(apiUrl, http) ||
    !isUrl(relayUrl, ["ws:", "wss:"]) ||
    typeof chainId !== "string" ||
    !isPid(pid) ||
    !isRunning(pid, processStart)
  )
    return undefined
  const solana =
    isUrl(solanaRpcUrl, http) && typeof solanaChainId === "string"
      ? { rpcUrl: solanaRpcUrl, chainId: solanaChainId }
      : undefined
  return {
    rpcUrl,
    chainId,
    apiUrl,
    relayUrl,
    pid,
    ...(solana && { solana }),
    ...(isUrl(secureSiteUrl, http) && { secureSiteUrl }),
  }
}
