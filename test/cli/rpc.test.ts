import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

describe("appkit-cli rpc check", () => {
  const cases = [
    // method, allowed, needsApproval, needsConnectedProvider
    ["eth_call", true, false, false],
    ["eth_sendRawTransaction", true, false, false],
    ["eth_sendTransaction", true, true, false],
    ["personal_sign", true, true, false],
    ["wallet_getCapabilities", true, false, true],
    ["wallet_grantPermissions", true, true, true],
    ["solana_signMessage", true, true, false],
    ["debug_traceTransaction", false, false, false],
  ] as const

  it("reports each method as one JSON line, in order, and exits 1 when any is not allowed", async () => {
    const result = await runCli(["rpc", "check", "--json", ...cases.map(([method]) => method)])
    expect(result.code).toBe(1)
    const lines = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown)
    expect(lines).toEqual(
      cases.map(([method, allowed, needsApproval, needsConnectedProvider]) => ({
        method,
        namespace: allowed ? (method.startsWith("solana_") ? "solana" : "eip155") : null,
        allowed,
        needsApproval,
        needsConnectedProvider,
        error: allowed ? null : "Requested RPC call is not allowed",
      })),
    )
  })

  it("exits 0 when every method is allowed", async () => {
    expect((await runCli(["rpc", "check", "eth_call", "personal_sign", "--json"])).code).toBe(0)
  })

  it("prints a readable, aligned answer", async () => {
    const result = await runCli(["rpc", "check", "wallet_grantPermissions"])
    expect(result).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        "wallet_grantPermissions: allowed",
        "  allowed                   yes (eip155 list)",
        "  needs approval            yes",
        "  needs connected provider  yes",
        "",
      ].join("\n"),
    })
  })

  it("exits 1 and says why for a method outside the allowlist", async () => {
    const result = await runCli(["rpc", "check", "admin_addPeer"])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("no (Requested RPC call is not allowed)")
  })

  it("checks one namespace's list with --namespace", async () => {
    expect((await runCli(["rpc", "check", "signPsbt", "--namespace", "bip122"])).code).toBe(0)
    expect((await runCli(["rpc", "check", "signPsbt"])).code).toBe(1)
    expect((await runCli(["rpc", "check", "eth_call", "--namespace", "solana"])).code).toBe(1)
  })

  it("refuses an unknown namespace as invalid input (exit 1, one line)", async () => {
    const result = await runCli(["rpc", "check", "eth_call", "--namespace", "tron"])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe("Unknown --namespace 'tron' (expected one of eip155, solana, bip122)\n")
  })
})
