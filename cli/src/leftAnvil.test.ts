import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { copyFileSync, existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { stopLeftAnvil } from "./leftAnvil"
import { processStat } from "./processStat"

/** A process named `name` (a copy of sleep): what a left anvil looks like to the system, without a chain. */
const processNamed = (name: string): ChildProcess => {
  const binary = join(mkdtempSync(join(tmpdir(), "appkit-left-")), name)
  copyFileSync("/bin/sleep", binary)
  return spawn(binary, ["60"], { stdio: "ignore" })
}

/** Resolves once `child` runs its own program (spawned, it is node's fork until then), bounded. */
const execed = async (child: ChildProcess, name: string): Promise<void> => {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (processStat(child.pid as number)?.name === name) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`pid ${child.pid} is not ${name} within 5 s`)
}

const startOf = (child: ChildProcess) => processStat(child.pid as number)?.start as string
const isAlive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

// Only Linux says when a process started; elsewhere nothing is ever stopped (a pid alone may be another's).
describe.runIf(existsSync("/proc/self/stat") && existsSync("/bin/sleep"))(
  "the anvil a killed dev left",
  () => {
    const children: Array<ChildProcess> = []
    afterEach(() => {
      for (const child of children.splice(0)) if (isAlive(child)) child.kill("SIGKILL")
    })
    const spawned = async (name: string) => {
      const child = processNamed(name)
      children.push(child)
      await execed(child, name)
      return child
    }

    it("is stopped when its pid is still that anvil (same start, named anvil)", async () => {
      const anvil = await spawned("anvil")
      const exited = once(anvil, "exit")
      const left = {
        pid: 2 ** 22 + 1,
        anvilPid: anvil.pid as number,
        anvilStart: startOf(anvil),
        anvilPort: 8545,
      }
      expect(await stopLeftAnvil(left)).toEqual({ pid: 2 ** 22 + 1 })
      expect(await exited).toEqual([null, "SIGTERM"])
    })

    it("is never a process that took its pid later (another start), nor one of another name", async () => {
      const later = await spawned("anvil")
      const other = await spawned("node-like")
      const reused = { pid: 2 ** 22 + 1, anvilPid: later.pid as number, anvilStart: `${startOf(later)}0` }
      expect(await stopLeftAnvil(reused)).toEqual({ pid: 2 ** 22 + 1 })
      const named = { pid: 2 ** 22 + 1, anvilPid: other.pid as number, anvilStart: startOf(other) }
      expect(await stopLeftAnvil(named)).toEqual({ pid: 2 ** 22 + 1 })
      expect([isAlive(later), isAlive(other)]).toEqual([true, true])
    })

    it("is left alone when the record does not say when it started", async () => {
      const anvil = await spawned("anvil")
      const left = { pid: 2 ** 22 + 1, anvilPid: anvil.pid as number, anvilPort: 8545 }
      expect(await stopLeftAnvil(left)).toEqual(left)
      expect(await stopLeftAnvil(undefined)).toBeUndefined()
      expect(isAlive(anvil)).toBe(true)
    })
  },
)
