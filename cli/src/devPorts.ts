import type { LeftStack } from "./devStack"
import { CliError, invalidInput } from "./output"

/**
 * The ports of `appkit-cli dev`'s services: each named with its flag when it cannot be had, and with the
 * anvil of a killed dev holding it when the dev.json it left says so.
 */

/** One port for two services would fail the second's start with "in use" by the first: said up front. */
export const refuseSharedPorts = (ports: ReadonlyArray<readonly [flag: string, port: number]>): void => {
  for (const [index, [flag, port]] of ports.entries()) {
    const earlier = ports.slice(0, index).find(([, other]) => other === port && port !== 0)
    if (earlier !== undefined)
      throw invalidInput(
        `${flag} ${port} is also ${earlier[0]}'s: give each service its own port (0: any free port)`,
      )
  }
}

/** Who holds a taken port, when the record of a killed dev says: its anvil (a process of its own) outlived it. */
const holderOf = (port: number, left: LeftStack | undefined): string => {
  if (left === undefined || left.anvilPort !== port) return ""
  const anvil = left.anvilPid === undefined ? "its anvil" : `anvil (pid ${left.anvilPid})`
  const stop = left.anvilPid === undefined ? "stop that anvil" : `stop it (kill ${left.anvilPid})`
  return `: likely by ${anvil}, left running by an appkit-cli dev that was killed (pid ${left.pid}); ${stop}`
}

/**
 * A port another program holds, named with the service and the flag that picks another: the OS's words
 * ("EADDRINUSE", anvil's "Address already in use (os error 98)") name neither. Any other failure passes.
 */
export const portTaken =
  (service: string, flag: string, port: number, left?: LeftStack) =>
  (error: unknown): never => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    if (code !== "EADDRINUSE" && !/Address already in use/.test(String(error))) throw error
    const holder = holderOf(port, left)
    throw new CliError(
      `Port ${port} is in use (${service}, ${flag})${holder === "" ? ": stop what holds it" : holder}, or choose another port with ${flag} (0: any free port)`,
      { code: "PortInUse" },
    )
  }
