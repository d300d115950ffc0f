import { PassThrough } from "node:stream"
import { afterEach, describe, expect, it, vi } from "vitest"
import { readDevWalletCommands } from "./devWallet"

afterEach(() => vi.restoreAllMocks())

/** Types `lines` into the wallet's input; resolves with the chains it switched to and the warnings printed. */
const typeLines = async (lines: ReadonlyArray<string>, switchChain = async (_chainId: string) => {}) => {
  const switched: Array<string> = []
  const warnings: Array<string> = []
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    warnings.push(String(chunk))
    return true
  })
  const input = new PassThrough()
  const stop = readDevWalletCommands(
    {
      switchChain: (chainId) => {
        switched.push(chainId)
        return switchChain(chainId)
      },
    },
    input,
  )
  for (const line of lines) input.write(`${line}\n`)
  // Lines are read and run on later turns of the event loop.
  await vi.waitFor(() =>
    expect(switched.length + warnings.length).toBeGreaterThanOrEqual(
      lines.filter((l) => l.trim() !== "").length,
    ),
  )
  stop()
  return { switched, warnings }
}

describe("dev wallet commands", () => {
  it("switches to a chain given by its number or its CAIP-2 id, and skips blank lines", async () => {
    expect(await typeLines(["chain 1337", "", "  chain   eip155:10  "])).toEqual({
      switched: ["eip155:1337", "eip155:10"],
      warnings: [],
    })
  })

  it("reports a line it cannot run and goes on reading", async () => {
    const { switched, warnings } = await typeLines(["chains 1", "chain", "chain 1 2", "chain 0x1", "chain 5"])
    expect(switched).toEqual(["eip155:5"])
    expect(warnings).toHaveLength(4)
    expect(warnings[0]).toBe(
      "Warning: unknown command 'chains 1'. Type 'chain <id>' (e.g. chain 1337) to switch the wallet's chain.\n",
    )
    expect(warnings[3]).toMatch(/^Warning: chain: /)
  })

  it("reports a switch the wallet could not make", async () => {
    const { warnings } = await typeLines(["chain 1337"], async () => {
      throw new Error("the relay did not acknowledge the session update")
    })
    expect(warnings).toEqual(["Warning: the relay did not acknowledge the session update\n"])
  })
})
