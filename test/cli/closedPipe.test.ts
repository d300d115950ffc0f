import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { cliPath } from "../support/cli"

/**
 * `appkit-cli … | head -1`, or any reader that is gone before the CLI writes: the writes fail with EPIPE,
 * which must end the command quietly with its own exit code, as `git log | head` does, not with Node's
 * "Unhandled 'error' event" trace.
 */
const runWithReaderGone = async (args: ReadonlyArray<string>) => {
  const child = spawn(process.execPath, [cliPath, ...args], { stdio: "pipe" })
  child.stdout.destroy()
  let stderr = ""
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
  return { code, stderr }
}

describe("a CLI whose reader has gone", () => {
  it.each([
    [["--help"], 0],
    [["caip", "parse", "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb"], 0],
    [["amount", "parse", "1.5", "--decimals", "6"], 0],
    [["address", "validate", "not-an-address"], 1],
  ])("appkit-cli %j ends quietly with exit %i", async (args, expected) => {
    expect(await runWithReaderGone(args)).toEqual({ code: expected, stderr: "" })
  })
})
