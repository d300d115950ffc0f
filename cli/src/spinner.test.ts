import { afterEach, describe, expect, it, vi } from "vitest"
import { withSpinner } from "./spinner"

const streams = [process.stdout, process.stderr] as const
const originalIsTTY = streams.map((stream) => Object.getOwnPropertyDescriptor(stream, "isTTY"))

/** Pretends both streams are (or are not) terminals and records what goes to stderr. */
const terminal = (isTTY: boolean) => {
  const written: Array<string> = []
  for (const stream of streams) Object.defineProperty(stream, "isTTY", { value: isTTY, configurable: true })
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  })
  return written
}

afterEach(() => {
  vi.restoreAllMocks()
  streams.forEach((stream, index) => {
    const descriptor = originalIsTTY[index]
    if (descriptor) Object.defineProperty(stream, "isTTY", descriptor)
    else delete (stream as { isTTY?: boolean }).isTTY
  })
})

describe("withSpinner", () => {
  it("shows the label on a terminal while waiting, then clears its line", async () => {
    const written = terminal(true)
    const value = await withSpinner("Fetching wallets", true, async () => 42)
    expect(value).toBe(42)
    expect(written[0]).toMatch(/^\r\S Fetching wallets$/)
    expect(written.at(-1)).toBe("\r\x1b[2K")
  })

  it("shows a label holding a wallet's name as text: its escape sequences are not sent to the terminal", async () => {
    const written = terminal(true)
    await withSpinner("Waiting for Evil\u001b[2J\nWallet to approve…", true, async () => undefined)
    expect(written[0]).toMatch(/^\r\S Waiting for Evil\\u001b\[2J\\nWallet to approve…$/)
  })

  it("clears its line when the task fails, and passes the failure on", async () => {
    const written = terminal(true)
    await expect(withSpinner("Resolving", true, () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    )
    expect(written.at(-1)).toBe("\r\x1b[2K")
  })

  it("writes nothing for --json or when output is piped", async () => {
    const onTerminal = terminal(true)
    await withSpinner("Quiet", false, async () => undefined)
    expect(onTerminal).toEqual([])
    vi.restoreAllMocks()
    const piped = terminal(false)
    await withSpinner("Quiet", true, async () => undefined)
    expect(piped).toEqual([])
  })
})
