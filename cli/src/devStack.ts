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
  writeFileSync(temporary, `${JSON.stringify(stack, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, file)
}

/** Removes the file if this process wrote it (another stack may have started since). */
export const removeDevStack = (env: NodeJS.ProcessEnv = process.env): void => {
  if (readDevStack(env)?.pid === process.pid) rmSync(devStackFile(env), { force: true })
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const isUrl = (value: unknown, protocols: ReadonlyArray<string>): value is string => {
  if (typeof value !== "string") return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The running stack, or undefined when none runs (no file, an unreadable one, or its process is gone). */
export const readDevStack = (env: NodeJS.ProcessEnv = process.env): DevStack | undefined => {
  let parsed: Record<string, unknown>
  try {
    parsed = JSON.parse(readFileSync(devStackFile(env), "utf8")) as Record<string, unknown>
  } catch {
    return undefined
  }
  const { rpcUrl, chainId, apiUrl, relayUrl, pid } = parsed ?? {}
  const http = ["http:", "https:"]
  if (
    !isUrl(rpcUrl, http) ||
    !isUrl(apiUrl, http) ||
    !isUrl(relayUrl, ["ws:", "wss:"]) ||
    typeof chainId !== "string" ||
    typeof pid !== "number" ||
    !Number.isSafeInteger(pid) ||
    pid <= 0 ||
    !isRunning(pid)
  )
    return undefined
  return { rpcUrl, chainId, apiUrl, relayUrl, pid }
}
