import type { LeftStack } from "./devStack"
import { CliError, note } from "./output"
import { processStat } from "./processStat"

/**
 * The anvil a killed `appkit-cli dev` left running: a process of its own, it outlives a dev killed with
 * SIGKILL (the other parts ran inside dev and died with it). The next dev on that home stops it.
 */

/** Whether the recorded anvil still runs: that pid, started at that moment (a reused pid never is), named anvil. */
const isThatAnvil = (pid: number, start: string): boolean => {
  const stat = processStat(pid)
  return stat !== undefined && stat.start === start && stat.name === "anvil" && stat.state !== "Z"
}

/** Waits, polling every 50 ms, until `gone()` or `ms` passed; says which. */
const waitUntil = async (gone: () => boolean, ms: number): Promise<boolean> => {
  for (let waited = 0; waited < ms; waited += 50) {
    if (gone()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return gone()
}

/**
 * Stops the anvil `left` names when it is that anvil still (SIGTERM, SIGKILL after 5 s; bounded), and returns
 * what is left of `left` for naming a port's holder: without its anvil once that is stopped. Where the system
 * does not say when a process started (no /proc), nothing is stopped: a pid alone may be another's by now.
 */
export const stopLeftAnvil = async (left: LeftStack | undefined): Promise<LeftStack | undefined> => {
  const { anvilPid, anvilStart } = left ?? {}
  if (left === undefined || anvilPid === undefined || anvilStart === undefined) return left
  const gone = () => !isThatAnvil(anvilPid, anvilStart)
  if (gone()) return { pid: left.pid }
  process.kill(anvilPid, "SIGTERM")
  if (!(await waitUntil(gone, 5_000))) {
    process.kill(anvilPid, "SIGKILL")
    if (!(await waitUntil(gone, 2_000)))
      throw new CliError(
        `anvil (pid ${anvilPid}), left running by an appkit-cli dev that was killed (pid ${left.pid}), did not stop`,
        { code: "LeftAnvilRunning" },
      )
  }
  note(`Stopped anvil (pid ${anvilPid}), left running by an appkit-cli dev that was killed (pid ${left.pid})`)
  return { pid: left.pid }
}
