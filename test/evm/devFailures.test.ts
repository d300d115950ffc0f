import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { cliPath, firstLine, freeStackPorts, stopCommand } from "../support/cli"

/** `appkit-cli dev` when a part of the stack cannot start or dies: the user learns which, and nothing is left. */
const startDev = (
  args: ReadonlyArray<string>,
  home = mkdtempSync(join(tmpdir(), "appkit-dev-home-")),
  // Its own process group, as a terminal gives the command it runs.
  detached = false,
) => {
  const child = spawn(process.execPath, [cliPath, "dev", ...args], {
    env: { ...process.env, APPKIT_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  })
  let stderr = ""
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  return { child, home, stderr: () => stderr }
}

/** A loopback port held by another program for the test's length. */
const holdPort = () =>
  new Promise<{ server: Server; port: number }>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as { port: number }).port }),
    )
  })

/** `freeStackPorts` with one flag's value replaced. */
const portsWith = (flag: string, port: number) =>
  freeStackPorts.map((value, index) => (freeStackPorts[index - 1] === flag ? String(port) : value))

/** The pid of `parent`'s child process named `name`, once there is one (bounded). */
const childNamed = async (parent: ChildProcess, name: string): Promise<number> => {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      return Number(execFileSync("pgrep", ["-P", String(parent.pid), name], { encoding: "utf8" }))
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  throw new Error(`no ${name} under pid ${parent.pid} within 10 s`)
}

/** Whether `pid` is a live anvil (a zombie, "Z", is one that ended and was not yet reaped). */
const isAnvil = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.includes(" (anvil) ") && stat[stat.lastIndexOf(")") + 2] !== "Z"
  } catch {
    return false
  }
}

/** dev stopped as asked: exit 0, no dev.json left, its anvil gone (signal 0 only asks whether it is there). */
const expectCleanStop = (dev: ReturnType<typeof startDev>, code: number | null, anvilPid: number) => {
  expect(code).toBe(0)
  expect(existsSync(join(dev.home, "dev.json"))).toBe(false)
  expect(() => process.kill(anvilPid, 0)).toThrow(/ESRCH/)
}

const answers = (url: string) =>
  fetch(url, { method: "POST", body: "{}", signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  )

describe("appkit-cli dev when a part fails", () => {
  let child: ChildProcess | undefined
  /** A second dev run, stopped too should it not end on its own. */
  let other: ChildProcess | undefined
  let held: Server | undefined
  afterEach(async () => {
    held?.close()
    held = undefined
    await Promise.all([stopCommand(child), stopCommand(other)])
    other = undefined
  })

  it("stops the whole stack, says why and exits 2 when anvil dies under it", async () => {
    const dev = startDev(["--json", ...freeStackPorts])
    child = dev.child
    const started = JSON.parse(await firstLine(dev.child, 30_000)) as Record<string, string>
    const anvilPid = Number(
      execFileSync("pgrep", ["-P", String(dev.child.pid), "anvil"], { encoding: "utf8" }),
    )
    const exited = once(dev.child, "exit")
    process.kill(anvilPid, "SIGKILL")
    const [code] = await exited
    expect(code).toBe(2)
    expect(JSON.parse(dev.stderr().trim().split("\n").at(-1) ?? "")).toEqual({
      error: {
        code: "DevStackPartExited",
        message: "anvil exited (signal SIGKILL) while the dev stack ran: the dev stack stopped",
      },
    })
    expect(existsSync(join(dev.home, "dev.json"))).toBe(false)
    expect(await answers(started.apiUrl as string)).toBe(false)
  }, 60_000)

  it("takes a Ctrl-C that reaches anvil first (a terminal signals its whole process group) as a stop", async () => {
    const dev = startDev(["--json", ...freeStackPorts])
    child = dev.child
    await firstLine(dev.child, 30_000)
    const exited = once(dev.child, "exit")
    process.kill(await childNamed(dev.child, "anvil"), "SIGINT")
    const [code] = await exited
    expect([code, dev.stderr()]).toEqual([0, ""])
    expect(existsSync(join(dev.home, "dev.json"))).toBe(false)
  }, 60_000)

  it("Ctrl-C at a terminal during start-up (dev and anvil signalled together) stops without an error", async () => {
    const dev = startDev(freeStackPorts, undefined, true)
    child = dev.child
    await childNamed(dev.child, "anvil")
    const exited = once(dev.child, "exit")
    process.kill(-(dev.child.pid as number), "SIGINT")
    const [code] = await exited
    expect([code, dev.stderr()]).toEqual([0, ""])
  }, 60_000)

  it("stops what it started when its terminal goes away (SIGHUP)", async () => {
    const dev = startDev(["--json", ...freeStackPorts])
    child = dev.child
    await firstLine(dev.child, 30_000)
    const anvilPid = await childNamed(dev.child, "anvil")
    const exited = once(dev.child, "exit")
    dev.child.kill("SIGHUP")
    const [code] = await exited
    expectCleanStop(dev, code, anvilPid)
  }, 60_000)

  it("Ctrl-C during start-up, pressed again and again, stops what started and leaves no node behind", async () => {
    const dev = startDev(["--json", ...freeStackPorts])
    child = dev.child
    let stdout = ""
    dev.child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    // anvil is the first part up; the swap market, the API and the secure site are still to come.
    const anvilPid = await childNamed(dev.child, "anvil")
    const exited = once(dev.child, "exit")
    dev.child.kill("SIGINT")
    // The impatient user presses it again, every 25 ms for 200 ms: while it stops, and after it stopped.
    let presses = 0
    const again = setInterval(() => (++presses > 8 ? clearInterval(again) : dev.child.kill("SIGINT")), 25)
    const [code, signal] = await exited.finally(() => clearInterval(again))
    expect(stdout).toBe("")
    expect(signal).toBeNull()
    expectCleanStop(dev, code, anvilPid)
  }, 60_000)

  it("refuses a second dev on the same APPKIT_HOME while the first runs, and leaves the first's record alone", async () => {
    const first = startDev(["--json", ...freeStackPorts])
    child = first.child
    const started = JSON.parse(await firstLine(first.child, 30_000)) as Record<string, string>
    const record = readFileSync(join(first.home, "dev.json"), "utf8")
    // Free ports of its own: nothing but the shared home stands in its way.
    const second = startDev(freeStackPorts, first.home)
    other = second.child
    const [code] = await once(second.child, "exit")
    expect(code).toBe(2)
    const port = (url: string | undefined) => new URL(url as string).port
    expect(second.stderr()).toBe(
      `An appkit-cli dev already runs with APPKIT_HOME ${first.home} (pid ${first.child.pid}; anvil port ${port(started.rpcUrl)}, solana port ${port(started.solanaRpcUrl)}, api port ${port(started.apiUrl)}, relay port ${port(started.relayUrl)}, secure site port ${port(started.secureSiteUrl)}): stop it (Ctrl-C there), or run the second one with its own home (APPKIT_HOME=<another directory> appkit-cli dev)\n`,
    )
    expect(readFileSync(join(first.home, "dev.json"), "utf8")).toBe(record)
    expect(await answers(started.rpcUrl as string)).toBe(true)
  }, 60_000)

  /**
   * A dev killed with SIGKILL once its stack runs (and its anvil's watchdog too, when asked), then `check`;
   * should that fail, the orphan anvil goes too (only while its pid is still an anvil's).
   */
  const afterSigkill = async (
    killWatchdog: boolean,
    check: (killed: ReturnType<typeof startDev>, rpcUrl: string, anvilPid: number) => Promise<void>,
  ) => {
    const killed = startDev(["--json", ...freeStackPorts])
    child = killed.child
    const started = JSON.parse(await firstLine(killed.child, 30_000)) as Record<string, string>
    const anvilPid = await childNamed(killed.child, "anvil")
    if (killWatchdog) process.kill(await childNamed(killed.child, "sh"), "SIGKILL")
    const exited = once(killed.child, "exit")
    killed.child.kill("SIGKILL")
    await exited
    try {
      await check(killed, started.rpcUrl as string, anvilPid)
    } finally {
      if (isAnvil(anvilPid)) process.kill(anvilPid, "SIGKILL")
    }
  }

  it(
    "a SIGKILLed dev's anvil goes away on its own (its watchdog sees dev gone), within 10 s",
    () =>
      afterSigkill(false, async (_killed, rpcUrl, anvilPid) => {
        let gone = false
        for (let waited = 0; waited <= 10_000 && !gone; waited += 100) {
          gone = !isAnvil(anvilPid)
          if (!gone) await new Promise((resolve) => setTimeout(resolve, 100))
        }
        expect(gone).toBe(true)
        expect(await answers(rpcUrl)).toBe(false)
      }),
    60_000,
  )

  // Its watchdog killed too (as kill -9 on all of dev's children would): only the next dev can stop anvil.
  it(
    "stops the anvil a SIGKILLed dev orphaned when the next dev starts on that home",
    () =>
      afterSigkill(true, async (killed, rpcUrl, anvilPid) => {
        // Nothing stopped it: anvil is a process of its own and still serves.
        expect(await answers(rpcUrl)).toBe(true)
        const next = startDev(["--json", ...freeStackPorts], killed.home)
        other = next.child
        await firstLine(next.child, 30_000)
        expect(isAnvil(anvilPid)).toBe(false)
        expect(await answers(rpcUrl)).toBe(false)
        expect(next.stderr()).toBe("")
      }),
    60_000,
  )

  it("points at the anvil a killed appkit-cli dev left holding the port", async () => {
    const { server, port } = await holdPort()
    held = server
    const home = mkdtempSync(join(tmpdir(), "appkit-dev-home-"))
    // What a dev killed with SIGKILL leaves: its dev.json, its process gone, its anvil still listening.
    const gone = spawn(process.execPath, ["-e", "0"])
    await once(gone, "exit")
    const stale = {
      rpcUrl: `http://127.0.0.1:${port}`,
      chainId: "eip155:1",
      apiUrl: "http://127.0.0.1:1",
      relayUrl: "ws://127.0.0.1:1",
      pid: gone.pid,
      anvilPid: 4242,
    }
    writeFileSync(join(home, "dev.json"), JSON.stringify(stale))
    const dev = startDev(portsWith("--port", port), home)
    child = dev.child
    const [code] = await once(dev.child, "exit")
    expect(code).toBe(2)
    expect(dev.stderr()).toBe(
      `Port ${port} is in use (anvil, --port): likely by anvil (pid 4242), left running by an appkit-cli dev that was killed (pid ${gone.pid}); stop it (kill 4242), or choose another port with --port (0: any free port)\n`,
    )
  }, 60_000)

  it("refuses one port given to two services before starting any", async () => {
    const { server, port } = await holdPort()
    // Free again: the clash is the command line's own, not another program's.
    await new Promise((resolve) => server.close(resolve))
    const dev = startDev([...portsWith("--relay-port", port), "--api-port", String(port)])
    child = dev.child
    const [code] = await once(dev.child, "exit")
    expect(code).toBe(1)
    expect(dev.stderr()).toBe(
      `--relay-port ${port} is also --api-port's: give each service its own port (0: any free port)\n`,
    )
  }, 60_000)

  it.each([
    ["anvil", "--port"],
    ["the relay", "--relay-port"],
    ["the local Solana chain", "--solana-port"],
  ])(
    "names %s's port and its flag when another program holds it",
    async (name, flag) => {
      const { server, port } = await holdPort()
      held = server
      const dev = startDev(portsWith(flag, port))
      child = dev.child
      const [code] = await once(dev.child, "exit")
      expect(code).toBe(2)
      expect(dev.stderr()).toBe(
        `Port ${port} is in use (${name}, ${flag}): stop what holds it, or choose another port with ${flag} (0: any free port)\n`,
      )
    },
    60_000,
  )
})
