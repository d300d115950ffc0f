import { describe, expect, it } from "vitest"
import { isUserRejection } from "../../errors/ProviderRpcError"
import { WalletConnectError } from "./errors"

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
