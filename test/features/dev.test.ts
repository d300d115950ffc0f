import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createInterface } from "node:readline"
import { afterEach, describe, expect, it } from "vitest"
import { cliPath, runCli } from "../support/cli"

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

const rpc = async (url: string, method: string, params: ReadonlyArray<unknown>) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

interface Started {
  readonly rpcUrl: string
  readonly chainId: string
  readonly apiUrl: string
  readonly swap: {
    readonly chainId: string
    readonly router: string
    readonly factory: string
    readonly weth: string
    readonly tokens: Readonly<Record<string, string>>
  }
}

describe("appkit-cli dev: the local chain is a swap network", () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    if (child?.exitCode === null) child.kill("SIGKILL")
  })

  it("runs anvil as chain 1 by default, reports the swap deployment, and the stack quotes from it", async () => {
    child = spawn(process.execPath, [cliPath, "dev", "--json", ...freePorts], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    const line = await Promise.race([
      once(lines, "line").then(([first]) => first as string),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("dev printed nothing in 30 s")), 30_000),
      ),
    ])
    lines.close()
    const started = JSON.parse(line) as Started
    expect(started.chainId).toBe("eip155:1")
    expect(Object.keys(started.swap.tokens)).toEqual(["TKA", "TKB"])
    for (const address of [
      started.swap.router,
      started.swap.factory,
      started.swap.weth,
      ...Object.values(started.swap.tokens),
    ])
      expect(
        ((await rpc(started.rpcUrl, "eth_getCode", [address, "latest"])) as string).length,
      ).toBeGreaterThan(2)

    const tokens = (await (
      await fetch(`${started.apiUrl}/v1/convert/tokens?projectId=p&chainId=eip155:1`)
    ).json()) as {
      tokens: ReadonlyArray<{ symbol: string; address: string }>
    }
    expect(tokens.tokens.map((token) => token.address)).toEqual([
      "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
      `eip155:1:${started.swap.tokens.TKA}`,
      `eip155:1:${started.swap.tokens.TKB}`,
    ])
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
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      ],
      {
        env: {
          APPKIT_API_URL: started.apiUrl,
          APPKIT_PROJECT_ID: "test",
          APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
        },
      },
    )
    expect(quote.code).toBe(0)
    // 1 ETH into the fresh pool of 100 ETH and 312 045 TKA, with the 0.3 % fee: 1·997·312045 / (100·1000 + 997).
    expect(quote.stdout).toMatch(/You receive\s+3080\.377288434309929997 TKA\n/)

    const exited = once(child, "exit")
    child.kill("SIGTERM")
    expect((await exited)[0]).toBe(0)
    await expect(rpc(started.rpcUrl, "eth_chainId", [])).rejects.toThrow()
  }, 60_000)
})
