import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { decodeQrText } from "../support/qrText"

// `appkit-cli receive`: the address to receive on and a QR code that a camera decodes to exactly that address.
const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
const address = privateKeyToAccount(key).address

describe("appkit-cli receive", () => {
  it("prints the signer's address under a QR code that decodes to it", async () => {
    const result = await runCli(["receive"], {
      env: { APPKIT_PRIVATE_KEY: key, APPKIT_HOME: "/nonexistent" },
    })
    expect(result).toMatchObject({ code: 0, stderr: "" })
    const lines = result.stdout.trimEnd().split("\n")
    expect(lines.at(-1)).toBe(address)
    expect(decodeQrText(lines.slice(0, -1))).toBe(address)
  })

  it("shows --address instead, checksummed, and answers JSON", async () => {
    const lower = address.toLowerCase()
    const result = await runCli(["receive", "--address", lower, "--json"], {
      env: { APPKIT_HOME: "/nonexistent" },
    })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ address, chainId: null, caipAddress: null })
  })

  it("refuses an address that is not one: exit 1, one line", async () => {
    const result = await runCli(["receive", "--address", `${address.slice(0, -1)}`], {
      env: { APPKIT_HOME: "/nonexistent" },
    })
    expect(result).toMatchObject({ code: 1, stdout: "" })
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
  })
})
