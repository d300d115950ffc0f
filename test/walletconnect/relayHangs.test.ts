import { readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { join } from "node:path"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

/**
 * A stored session whose relay now hangs (it takes the TCP connection and never answers the WebSocket
 * upgrade): `--timeout` bounds that wait too, not only the wallet's answer, and the one error line names
 * the relay that did not answer, so the user looks at the relay rather than at the wallet.
 */
const stack = useRelayAndWallets("relay-hangs")

describe("sign and send over a stored session whose relay hangs", { timeout: 60_000 }, () => {
  let silent: Server
  let anvil: Anvil
  let hungUrl: string
  let env: NodeJS.ProcessEnv
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 1, chainId: 31337 })
    silent = createServer((socket) => {
      sockets.add(socket)
    })
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const address = silent.address()
    hungUrl = `ws://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
    // A session made on the live relay, whose record then names the hung one (the relay moved, or hangs now).
    env = { ...cliEnv(stack.relay.url), APPKIT_RPC_URL: anvil.rpcUrl }
    expect((await connectWith(await stack.devWallet(), env)).code).toBe(0)
    const file = join(env.APPKIT_HOME as string, "session.json")
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), relayUrl: hungUrl }))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
    await anvil.stop()
  })

  it.each([
    ["sign message", ["sign", "message", "hello"]],
    ["send", ["send", "--to", "0x000000000000000000000000000000000000dEaD", "--amount", "0.01"]],
  ])("%s --timeout 1s: ends with the relay named and the bound given (exit 2)", async (_name, args) => {
    // Far below the relay connection's own bound (15 s and more): the command ends on --timeout's.
    const result = await runCli([...args, "--timeout", "1s", "--json"], { env, timeoutMs: 12_000 })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.message).toBe(`The relay at ${hungUrl} did not answer within 1 s`)
  })

  it.each([
    ["sign message", ["sign", "message", "hello"]],
    ["send", ["send", "--to", "0x000000000000000000000000000000000000dEaD", "--amount", "0.01"]],
  ])(
    "%s --timeout 7s: past the session check's own 5 s, one budget: the request gets what is left of it",
    async (_name, args) => {
      // The session check gives up on the relay after its own 5 s; the request then waits 2 s more, not 7 s
      // (12 s in all): the command ends about 7 s in, well before this run's 10.5 s bound.
      const result = await runCli([...args, "--timeout", "7s", "--json"], { env, timeoutMs: 10_500 })
      expect(result.code).toBe(2)
      const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
      expect(error).toEqual({ code: "Timeout", message: `The relay at ${hungUrl} did not answer within 7 s` })
    },
  )
})
