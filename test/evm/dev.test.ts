import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { getAddress } from "viem"
import { afterEach, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { cliPath, firstLine, freeStackPorts, runCli, stopCommand } from "../support/cli"

const rpc = async (url: string, method: string, params: ReadonlyArray<unknown> = []) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe("appkit-cli dev", () => {
  let child: ChildProcess | undefined
  afterEach(() => stopCommand(child))

  it("starts anvil, the Solana chain, the fixture API, the relay and the secure site on loopback, prints one JSON line, and stops them all on SIGTERM", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", "--chain-id", "1337", ...freeStackPorts], {
      // Its own home: a test's stack must never become the default of a developer's other commands.
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-home-")) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const started = JSON.parse(await firstLine(child, 20_000)) as Record<string, string>
    expect(Object.keys(started).sort()).toEqual([
      "apiUrl",
      "chainId",
      "relayUrl",
      "rpcUrl",
      "secureSiteStore",
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
    expect(started.secureSiteStore).toBe("pglite")

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

  it("while it runs, the other commands default to its node, API and relay, and say so for the relay", {
    timeout: 60_000,
  }, async () => {
    const home = mkdtempSync(join(tmpdir(), "appkit-dev-home-"))
    // Nothing in the environment points anywhere: only the running stack can.
    const env = {
      APPKIT_HOME: home,
      APPKIT_RPC_URL: "",
      ETH_RPC_URL: "",
      APPKIT_API_URL: "",
      APPKIT_RELAY_URL: "",
      APPKIT_PRIVATE_KEY: "",
      APPKIT_CONFIG: join(home, "no-config.json"),
    }
    child = spawn(process.execPath, [cliPath, "dev", "--json", "--chain-id", "1337", ...freeStackPorts], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const started = JSON.parse(await firstLine(child, 20_000)) as Record<string, string>
    const stackFile = join(home, "dev.json")
    expect(JSON.parse(readFileSync(stackFile, "utf8"))).toEqual({
      ...started,
      pid: child.pid,
      anvilPid: expect.any(Number),
      // Where the system says when a process started (Linux), so that a reused pid is not taken for it (dev's,
      // or its anvil's, which the next dev stops should this one be killed).
      ...(existsSync("/proc/self/stat")
        ? { processStart: expect.any(String), anvilStart: expect.any(String) }
        : {}),
    })

    const balance = await runCli(["balance", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "--json"], { env })
    expect(JSON.parse(balance.stdout)).toMatchObject({ chainId: "eip155:1337", balance: "10000" })
    const tokens = await runCli(
      ["tokens", "--address", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "--chain", "1", "--json"],
      { env },
    )
    expect(tokens.code).toBe(0)
    const connect = await runCli(["connect", "--timeout", "5s"], { env })
    expect(connect.stderr.split("\n")[0]).toBe(
      `Using the relay of the running dev stack (appkit-cli dev / npm start): ${started.relayUrl}`,
    )
    const connectJson = await runCli(["connect", "--timeout", "5s", "--json"], { env })
    expect(JSON.parse(connectJson.stdout.split("\n")[0] ?? "")).toMatchObject({
      event: "display_uri",
      relayUrl: started.relayUrl,
    })

    // The dev wallet pairs through the same relay, and says where it took it from (then waits: stop it).
    const uri = `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"0".repeat(64)}`
    const wallet = spawn(process.execPath, [cliPath, "dev", "wallet", "--uri", uri], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    })
    const [note] = (await once(
      createInterface({ input: wallet.stderr as NodeJS.ReadableStream }),
      "line",
    )) as [string]
    wallet.kill("SIGKILL")
    expect(note).toBe(
      `Using the relay of the running dev stack (appkit-cli dev / npm start): ${started.relayUrl}`,
    )

    const exited = once(child, "exit")
    child.kill("SIGTERM")
    expect((await exited)[0]).toBe(0)
    expect(existsSync(stackFile)).toBe(false)
    const after = await runCli(["connect", "--timeout", "1s"], { env })
    expect(after).toMatchObject({
      code: 2,
      stderr: "The public relay needs --project-id (or APPKIT_PROJECT_ID)\n",
    })
  })

  it("under --json writes nothing but JSON on stderr: the relay's log lines are for a person watching", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-home-")) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stderr = ""
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const started = JSON.parse(await firstLine(child, 30_000)) as Record<string, string>
    // A socket without a client's JWT: the relay refuses it, and would log so.
    const socket = new WebSocket(started.relayUrl as string)
    const [request] = await once(socket, "unexpected-response")
    request.destroy()
    const exited = once(child, "exit")
    child.kill("SIGTERM")
    expect((await exited)[0]).toBe(0)
    for (const line of stderr.split("\n").filter((text) => text !== ""))
      expect(() => JSON.parse(line)).not.toThrow()
  })

  it("prints its dev accounts EIP-55 checksummed, as siwe create and the other commands take them", async () => {
    child = spawn(process.execPath, [cliPath, "dev", ...freeStackPorts], {
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-home-")) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const lines: Array<string> = []
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
      lines.push(line)
      if (line === "Ctrl-C stops everything.") break
    }
    const accounts = lines.flatMap((line) => /^ {2}\(\d+\) (0x[0-9a-fA-F]{40}) {2}0x/.exec(line)?.[1] ?? [])
    expect(accounts).toHaveLength(10)
    expect(accounts[0]).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    for (const address of accounts) expect(address).toBe(getAddress(address))
  }, 60_000)

  it("refuses a malformed --chain-id as invalid input (exit 1)", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--chain-id", "abc"], {
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-home-")) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stderr = ""
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const [code] = await once(child, "exit")
    expect(code).toBe(1)
    expect(stderr).toBe("--chain-id must be an integer from 1 to 4294967295, got 'abc'\n")
  })

  it("runs anvil as chain 1 by default, a swap network, and reports the swap deployment the stack quotes from", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      env: { ...process.env, APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-home-")) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const started = JSON.parse(await firstLine(child, 30_000)) as {
      rpcUrl: string
      chainId: string
      apiUrl: string
      swap: {
        router: string
        factory: string
        weth: string
        tokens: ReadonlyArray<{ symbol: string; address: string }>
      }
    }
    expect(started.chainId).toBe("eip155:1")
    expect(started.swap.tokens.map((token) => token.symbol)).toEqual(["TKA", "TKB"])
    const { router, factory, weth } = started.swap
    const tokens = Object.fromEntries(started.swap.tokens.map((token) => [token.symbol, token.address]))
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
