import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createInterface } from "node:readline"
import { afterEach, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { cliPath, runCli } from "../support/cli"

/** Tests never take the well-known ports a developer's own `npm start` may hold. */
const freePorts = [
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

const rpc = async (url: string, method: string, params: ReadonlyArray<unknown> = []) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** The first stdout line of a long-running command, bounded so a hung start fails the test instead of hanging. */
const firstLine = (child: ChildProcess, timeoutMs: number): Promise<string> =>
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

describe("appkit-cli dev", () => {
  let child: ChildProcess | undefined
  // A test that failed midway leaves dev running: SIGTERM lets it stop what it started (a SIGKILL would
  // orphan its anvil); SIGKILL only if it does not exit in time.
  afterEach(async () => {
    const running = child
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return
    const exited = once(running, "exit")
    running.kill("SIGTERM")
    const force = setTimeout(() => running.kill("SIGKILL"), 10_000)
    await exited
    clearTimeout(force)
  })

  it("starts anvil, the Solana chain, the fixture API, the relay and the secure site on loopback, prints one JSON line, and stops them all on SIGTERM", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", "--chain-id", "1337", ...freePorts], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    const started = JSON.parse(await firstLine(child, 20_000)) as Record<string, string>
    expect(Object.keys(started).sort()).toEqual([
      "apiUrl",
      "chainId",
      "relayUrl",
      "rpcUrl",
      "secureSiteUrl",
      "solanaChainId",
      "solanaRpcUrl",
      "swap",
    ])
    expect(started.chainId).toBe("eip155:1337")
    expect(started.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(started.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(started.relayUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+/)
    expect(started.secureSiteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    expect(await rpc(started.rpcUrl as string, "eth_chainId")).toBe("0x539")
    // CAIP-2 for Solana: the first 32 characters of the chain's genesis hash.
    const genesisHash = (await rpc(started.solanaRpcUrl as string, "getGenesisHash")) as string
    expect(started.solanaChainId).toBe(`solana:${genesisHash.slice(0, 32)}`)
    const api = await fetch(new URL("/v1/supported-chains", started.apiUrl))
    expect(api.status).toBeLessThan(500)
    // The relay answers as WalletConnect's does: a socket without a client's auth JWT is refused.
    const socket = new WebSocket(started.relayUrl as string)
    const [request, response] = await once(socket, "unexpected-response")
    expect(response.statusCode).toBe(401)
    request.destroy()
    const frame = await fetch(new URL("/frame.js", started.secureSiteUrl))
    expect([frame.status, (await frame.text()).length > 1000]).toEqual([200, true])

    const exited = once(child, "exit")
    child.kill("SIGTERM")
    const [code] = await exited
    expect(code).toBe(0)
    await expect(rpc(started.rpcUrl as string, "eth_chainId")).rejects.toThrow()
    await expect(rpc(started.solanaRpcUrl as string, "getHealth")).rejects.toThrow()
    await expect(fetch(new URL("/v1/supported-chains", started.apiUrl))).rejects.toThrow()
    await expect(fetch(new URL("/frame", started.secureSiteUrl))).rejects.toThrow()
  })

  it("rejects a malformed --chain-id as a usage error", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--chain-id", "abc"], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stderr = ""
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const [code] = await once(child, "exit")
    expect(code).toBe(2)
    expect(stderr).toContain("--chain-id must be an integer from 1 to 4294967295")
  })

  it("runs anvil as chain 1 by default, a swap network, and reports the swap deployment the stack quotes from", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", ...freePorts], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    const started = JSON.parse(await firstLine(child, 30_000)) as {
      rpcUrl: string
      chainId: string
      apiUrl: string
      swap: { router: string; factory: string; weth: string; tokens: Record<string, string> }
    }
    expect(started.chainId).toBe("eip155:1")
    expect(Object.keys(started.swap.tokens)).toEqual(["TKA", "TKB"])
    const { router, factory, weth, tokens } = started.swap
    for (const address of [router, factory, weth, ...Object.values(tokens)])
      expect(
        ((await rpc(started.rpcUrl, "eth_getCode", [address, "latest"])) as string).length,
      ).toBeGreaterThan(2)
    const listed = await fetch(`${started.apiUrl}/v1/convert/tokens?projectId=p&chainId=eip155:1`)
    expect(
      ((await listed.json()) as { tokens: Array<{ address: string }> }).tokens.map((t) => t.address),
    ).toEqual([
      "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
      `eip155:1:${tokens.TKA}`,
      `eip155:1:${tokens.TKB}`,
    ])
    const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
    const quote = await runCli(
      [
        "swap",
        "quote",
        "--chain",
        "eip155:1",
        "--from",
        "ETH",
        "--to",
        "TKA",
        "--amount",
        "1",
        "--address",
        alice,
      ],
      {
        env: {
          APPKIT_API_URL: started.apiUrl,
          APPKIT_PROJECT_ID: "test",
          APPKIT_CONFIG: "/nonexistent/appkit.json",
        },
      },
    )
    // 1 ETH into the fresh pool of 100 ETH and 312 045 TKA, with the 0.3 % fee: 1·997·312045 / (100·1000 + 997).
    expect(quote.stdout).toMatch(/You receive\s+3080\.377288434309929997 TKA\n/)
    const exited = once(child, "exit")
    child.kill("SIGTERM")
    expect((await exited)[0]).toBe(0)
  }, 60_000)
})
