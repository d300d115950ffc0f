import { readFileSync } from "node:fs"

/** What the system says of a live process, where it says it (Linux's /proc/PID/stat). */
export interface ProcessStat {
  /** The executable's name (at most 15 characters). */
  readonly name: string
  /** "R", "S", …; "Z" for a process that ended but was not yet reaped. */
  readonly state: string
  /** When it started, in clock ticks since boot: a pid is reused once its process is gone, its start is not. */
  readonly start: string
}

/** Process `pid` as /proc describes it, or undefined where there is none (gone, or no /proc here). */
export const processStat = (pid: number): ProcessStat | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // "PID (NAME) STATE …": NAME may hold spaces and ")", so the fields are counted from its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    const [state, start] = [fields[0], fields[19]]
    if (state === undefined || start === undefined) return undefined
    return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), state, start }
  } catch {
    return undefined
  }
}
