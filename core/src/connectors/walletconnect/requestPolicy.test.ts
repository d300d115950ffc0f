import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { namespaceMethods } from "./namespaces"
import { checkWalletConnectRequest } from "./requestPolicy"

const check = (method: unknown, namespace: string | undefined, connected = true) =>
  Effect.runSyncExit(checkWalletConnectRequest({ method } as { method: string }, namespace, connected))

const refused = (reason: string) => Exit.fail(expect.objectContaining({ _tag: "RpcPolicyError", reason }))

describe("checkWalletConnectRequest", () => {
  it("on polkadot and cosmos allows exactly the methods requested for that namespace", () => {
    for (const namespace of ["polkadot", "cosmos"] as const) {
      for (const method of namespaceMethods[namespace])
        expect(Exit.isSuccess(check(method, namespace))).toBe(true)
      expect(check("eth_sendTransaction", namespace)).toMatchObject(refused("methodNotAllowed"))
      expect(check("solana_signMessage", namespace)).toMatchObject(refused("methodNotAllowed"))
      expect(check("", namespace)).toMatchObject(refused("invalidRequest"))
      expect(check(42, namespace)).toMatchObject(refused("invalidRequest"))
    }
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("polkadot", "cosmos"), (method, namespace) => {
        expect(Exit.isSuccess(check(method, namespace))).toBe(
          (namespaceMethods[namespace] as ReadonlyArray<string>).includes(method),
        )
      }),
    )
  })

  it("uses the §5 list of eip155, solana and bip122, and the eip155 + solana list when not connected", () => {
    expect(Exit.isSuccess(check("eth_chainId", "eip155"))).toBe(true)
    expect(check("polkadot_signMessage", "eip155")).toMatchObject(refused("methodNotAllowed"))
    expect(Exit.isSuccess(check("signPsbt", "bip122"))).toBe(true)
    expect(check("eth_chainId", "bip122")).toMatchObject(refused("methodNotAllowed"))
    expect(Exit.isSuccess(check("solana_signMessage", undefined, false))).toBe(true)
    expect(check("wallet_getCapabilities", undefined, false)).toMatchObject(refused("providerNotConnected"))
  })
})
