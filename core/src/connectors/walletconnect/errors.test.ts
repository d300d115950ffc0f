import { describe, expect, it } from "vitest"
import { isUserRejection } from "../../errors/ProviderRpcError"
import { toWalletError, WalletConnectError } from "./errors"

describe("WalletConnectError", () => {
  it("reads as one line with its detail", () => {
    expect(new WalletConnectError({ reason: "pairingExpired" }).message).toBe(
      "The WalletConnect pairing expired before the wallet approved it",
    )
    expect(new WalletConnectError({ reason: "unavailable", detail: "no relay" }).message).toBe(
      "WalletConnect is unavailable: no relay",
    )
  })

  it("carries the EIP-1193 code a provider would use, so a refused connection counts as a user rejection", () => {
    expect(new WalletConnectError({ reason: "unavailable" }).code).toBe(4900)
    expect(isUserRejection(new WalletConnectError({ reason: "proposalRejected" }))).toBe(true)
    expect(isUserRejection(new WalletConnectError({ reason: "pairingExpired" }))).toBe(false)
    expect(new WalletConnectError({ reason: "invalidOptions" }).code).toBe(-32602)
  })
})

describe("toWalletError", () => {
  it("turns a wallet's 'no' (4001 or WalletConnect's 5000) into 'Signature declined' / 4001, keeping the original", () => {
    for (const code of [4001, 5000]) {
      expect(toWalletError({ code, message: "User rejected." })).toMatchObject({
        _tag: "ProviderRpcError",
        code: 4001,
        message: "Signature declined",
        data: { code, message: "User rejected." },
      })
    }
  })

  it("passes other wallet errors through with their own code", () => {
    expect(toWalletError({ code: 4200, message: "unsupported" })).toMatchObject({ code: 4200 })
  })
})
