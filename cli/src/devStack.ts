import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { appkitHome } from "./home"

/**
 * Where a running `appkit-cli dev` (what `npm start` runs) serves the local stack. It writes this file once
 * everything answers and removes it on stop, so the other commands default to that stack and say so. A
 * file left by a stack that was killed is ignored: its process is gone.
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

/** The stack as `dev --json` prints it, with the pid: readers use the fields of DevStack, people read the rest. */
export const writeDevStack = <Stack extends DevStack>(
  stack: Stack,
  env: NodeJS.ProcessEnv = process.env,
): void => {
  const file = devStackFile(env)
  mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  const processStart = startOf(stack.pid)
  const written = processStart === undefined ? stack : { ...stack, processStart }
  writeFileSync(temporary, `${JSON.stringify(written, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, file)
}

/** Removes the file if this process wrote it (another stack may have started since). */
export const removeDevStack = (env: NodeJS.ProcessEnv = process.env): void => {
  if (readDevStack(env)?.pid === process.pid) rmSync(devStackFile(env), { force: true })
}

/**
 * When process `pid` started, in clock ticks since boot, where the system says (Linux's /proc): a pid is
 * reused once its process is gone, and the start tells the stack's process from a later one.
 */
const startOf = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // Field 22, counted from field 3, which follows the command name's ")" (a name may hold spaces).
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]
  } catch {
    return undefined
  }
}

/** Whether the stack's process still runs: its pid is live and, where known, started when it did. */
const isRunning = (pid: number, processStart: unknown): boolean => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false
  }
  const start = startOf(pid)
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

const readStackFile = (env: NodeJS.ProcessEnv): Record<string, unknown> | undefined => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(devStackFile(env), "utf8"))
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const portOf = (url: unknown): number | undefined => {
  if (!isUrl(url, ["http:", "https:", "ws:", "wss:"])) return undefined
  const port = new URL(url).port
  return port === "" ? undefined : Number(port)
}

/** A dev stack that holds a port: the running one, or one killed before it could stop its anvil. */
export interface PortHolder {
  readonly pid: number
  readonly running: boolean
  readonly anvilPid?: number
}

/**
 * Which dev stack likely holds `port`, from dev.json: the running stack when one of its URLs is on it, or,
 * when the file's process is gone, that stack's anvil (in a process of its own, it outlives a dev killed
 * with SIGKILL; the other parts ran inside dev and died with it).
 */
export const devStackHolding = (
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): PortHolder | undefined => {
  const file = readStackFile(env)
  if (file === undefined || !isPid(file.pid)) return undefined
  const anvilPid = isPid(file.anvilPid) ? { anvilPid: file.anvilPid } : {}
  if (!isRunning(file.pid, file.processStart))
    return portOf(file.rpcUrl) === port ? { pid: file.pid, running: false, ...anvilPid } : undefined
  const urls = [file.rpcUrl, file.apiUrl, file.relayUrl, file.solanaRpcUrl, file.secureSiteUrl, file.pageUrl]
  return urls.some((url) => portOf(url) === port) ? { pid: file.pid, running: true, ...anvilPid } : undefined
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
