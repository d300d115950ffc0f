import { describe, expect, it } from "vitest"
import { isUserRejection } from "../../errors/ProviderRpcError"
import { proposalRefusal, toWalletError, WalletConnectError } from "./errors"

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

describe("proposalRefusal", () => {
  it("a user's 'no' (5000 or 4001) is the plain refusal; any other refusal carries the wallet's reason", () => {
    for (const code of [5000, 4001])
      expect(proposalRefusal({ code, message: "User rejected." })?.message).toBe(
        "The wallet rejected the connection",
      )
    expect(proposalRefusal({ code: 5100, message: "Unsupported chains. solana:x: no key" })).toMatchObject({
      _tag: "WalletConnectError",
      reason: "proposalRejected",
      message: "The wallet rejected the connection: Unsupported chains. solana:x: no key",
    })
    expect(proposalRefusal({ code: 7000 })?.message).toBe("The wallet rejected the connection")
  })

  it("is not the wallet's word when sign-client failed on its own: an Error, code 0 (expired), no code", () => {
    expect(proposalRefusal(new Error("Proposal expired"))).toBeUndefined()
    expect(proposalRefusal({ code: 0, message: "Proposal expired" })).toBeUndefined()
    expect(proposalRefusal({ message: "no code" })).toBeUndefined()
    expect(proposalRefusal({ code: "5100", message: "a string code" })).toBeUndefined()
    expect(proposalRefusal(null)).toBeUndefined()
    expect(proposalRefusal("refused")).toBeUndefined()
  })
})
