import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

export const cliPath = fileURLToPath(new URL("../../cli/bin/appkit-cli.js", import.meta.url))

export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the built appkit-cli with the given arguments (and optional stdin), bounded by a timeout. */
export const runCli = (
  args: ReadonlyArray<string>,
  options: {
    readonly stdin?: string | Uint8Array
    readonly env?: NodeJS.ProcessEnv
    readonly timeoutMs?: number
  } = {},
): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(
        new Error(`appkit-cli ${args.join(" ")} did not finish within ${options.timeoutMs ?? 20_000} ms`),
      )
    }, options.timeoutMs ?? 20_000)
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(options.stdin ?? "")
  })

/** The first stdout line of a long-running command, bounded so a hung start fails the test instead of hanging. */
export const firstLine = (child: ChildProcess, timeoutMs: number): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms`)), timeoutMs)
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    lines.once("line", (line) => {
      clearTimeout(timer)
      lines.close()
      resolve(line)
    })
    child.once("exit", (code) => reject(new Error(`exited with ${code} before printing`)))
  })

/**
 * `appkit-cli dev` flags that put every service of the stack on a free port: tests never take the well-known
 * ports a developer's own `npm start` may hold.
 */
export const freeStackPorts: ReadonlyArray<string> = [
  "--port",
  "0",
  "--solana-port",
  "0",
  "--api-port",
  "0",
  "--relay-port",
  "0",
  "--secure-site-port",
  "0",
]

/**
 * Stops a long-running command a test left running (a test that failed midway): SIGTERM lets `dev` stop what
 * it started (a SIGKILL would orphan its anvil); SIGKILL only if it does not exit in time.
 */
export const stopCommand = async (child: ChildProcess | undefined): Promise<void> => {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, "exit")
  child.kill("SIGTERM")
  const force = setTimeout(() => child.kill("SIGKILL"), 10_000)
  await exited
  clearTimeout(force)
}

/** Runs `task` over `items`, `width` at a time (the machine's cores are shared), results in order. */
export const pooled = async <A, B>(
  items: ReadonlyArray<A>,
  width: number,
  task: (item: A) => Promise<B>,
): Promise<Array<B>> => {
  const results: Array<B> = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as A)
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return results
}

/**
 * Runs appkit-cli and interrupts it (Ctrl-C: SIGINT) once `ready` holds, polled for up to 15 s: what the
 * command says and which code it ends with when a user stops it in the middle of a wait.
 */
export const interruptCli = async (
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  ready: () => boolean,
): Promise<CliResult> => {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  const deadline = Date.now() + 15_000
  while (!ready()) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL")
      throw new Error(`appkit-cli ${args.join(" ")} never reached the point to interrupt: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill("SIGINT")
  return { code: await exited, stdout, stderr }
}
