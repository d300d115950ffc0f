import { spawn } from "node:child_process"
import { processStat } from "./processStat"

/**
 * anvil runs as a process of its own, so a dev killed with SIGKILL (no handler runs) cannot stop it. Its
 * watchdog can: a shell that checks once a second that dev and anvil are still the processes that started
 * then (pid and start time, from /proc: a reused pid never passes), and stops anvil (SIGTERM) once dev is
 * gone. It ends with either of them, costs a `sleep` a second, and holds none of dev's stdio or event loop.
 */
// runs PID START: whether PID is live (not a zombie, "Z") and started at START (field 22 of /proc/PID/stat,
// counted after the name's last ")": a name may hold spaces).
const script = `
runs() { { read -r line < "/proc/$1/stat"; } 2>/dev/null || return 1; set -- "$2" \${line##*\\) }; [ "$2" != Z ] && [ "$1" = "\${21}" ]; }
while runs "$1" "$2" && runs "$3" "$4"; do sleep 1; done
runs "$3" "$4" && kill "$3"
`

/** Starts anvil's watchdog where the system says when processes started (Linux); elsewhere there is none. */
export const watchAnvil = (anvilPid: number): void => {
  const dev = processStat(process.pid)
  const anvil = processStat(anvilPid)
  if (dev === undefined || anvil === undefined) return
  const args = [String(process.pid), dev.start, String(anvilPid), anvil.start]
  const watchdog = spawn("/bin/sh", ["-c", script, "sh", ...args], { stdio: "ignore" })
  // No shell to run it: the next dev on this home still stops a left anvil (leftAnvil.ts).
  watchdog.on("error", () => {})
  watchdog.unref()
}
