import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { rpcMethodPolicy, sendsWhenApproved } from "./methodPolicy"

describe("rpcMethodPolicy (§5/§6)", () => {
  it.each([
    // method, allowed, needsApproval, needsConnectedProvider
    ["eth_call", true, false, false],
    ["eth_chainId", true, false, false],
    ["eth_getBalance", true, false, false],
    ["eth_sendRawTransaction", true, false, false],
    ["eth_sendTransaction", true, true, false],
    ["eth_sendUserOperation", true, true, false],
    ["eth_signTypedData_v4", true, true, false],
    ["eth_sign", true, true, false],
    ["eth_signTransaction", true, true, false],
    ["personal_sign", true, true, false],
    ["wallet_sendCalls", true, true, false],
    ["wallet_grantPermissions", true, true, true],
    ["wallet_revokePermissions", true, true, true],
    ["wallet_getCapabilities", true, false, true],
    ["wallet_getAssets", true, false, true],
    ["wallet_getCallsStatus", true, false, false],
    ["wallet_switchEthereumChain", true, false, false],
    ["solana_signMessage", true, true, false],
    ["solana_signTransaction", true, true, false],
    ["solana_signAllTransactions", true, true, false],
    ["solana_signAndSendTransaction", true, true, false],
    ["solana_getAccounts", false, false, false],
    ["personal_ecRecover", false, false, false],
    ["net_version", false, false, false],
    ["debug_traceTransaction", false, false, false],
    ["eth_", false, false, false],
    ["ETH_call", false, false, false],
    ["eth_call ", false, false, false],
    ["", false, false, false],
  ] as const)(
    "%j: allowed %s, approval %s, connected provider %s",
    (method, allowed, approval, connected) => {
      expect(rpcMethodPolicy(method)).toMatchObject({
        method,
        allowed,
        needsApproval: approval,
        needsConnectedProvider: connected,
      })
    },
  )

  it.each([
    // §7 Bitcoin wallet requests and pairing session methods: the ones that sign or spend need approval.
    ["getAddresses", false],
    ["getAccountAddresses", false],
    ["wallet_connect", false],
    ["wallet_disconnect", false],
    ["wallet_changeNetwork", false],
    ["wallet_renouncePermissions", false],
    ["signMessage", true],
    ["signPsbt", true],
    ["sendTransfer", true],
  ] as const)("bip122 allows %s, approval %s", (method, approval) => {
    expect(rpcMethodPolicy(method, "bip122")).toMatchObject({
      namespace: "bip122",
      allowed: true,
      needsApproval: approval,
      needsConnectedProvider: false,
    })
  })

  it("asks for a connected provider only for the eip155 methods that need one", () => {
    for (const namespace of ["solana", "bip122"] as const) {
      for (const method of ["wallet_getCapabilities", "wallet_grantPermissions", "wallet_getAssets"]) {
        expect(rpcMethodPolicy(method, namespace)).toMatchObject({
          allowed: false,
          needsConnectedProvider: false,
        })
      }
    }
  })

  it("counts as signing methods those that start with eth_sign, not those that merely contain it", () => {
    expect(rpcMethodPolicy("wallet_eth_signLog")).toMatchObject({ allowed: true, needsApproval: false })
    expect(rpcMethodPolicy("eth_getEth_signature")).toMatchObject({ allowed: true, needsApproval: false })
  })

  it("applies one namespace's list when asked", () => {
    expect(rpcMethodPolicy("solana_signMessage", "eip155").allowed).toBe(false)
    expect(rpcMethodPolicy("eth_call", "solana").allowed).toBe(false)
    expect(rpcMethodPolicy("signPsbt", "bip122")).toMatchObject({ allowed: true, needsApproval: true })
    expect(rpcMethodPolicy("getAddresses", "bip122")).toMatchObject({ allowed: true, needsApproval: false })
    expect(rpcMethodPolicy("signPsbt").allowed).toBe(false)
    expect(rpcMethodPolicy("eth_call", "bip122").allowed).toBe(false)
  })

  it("allows every well-formed eth_* and wallet_* name and nothing with another prefix", () => {
    const tail = fc.stringMatching(/^[A-Za-z0-9_]{1,30}$/)
    fc.assert(
      fc.property(fc.constantFrom("eth_", "wallet_"), tail, (prefix, rest) => {
        expect(rpcMethodPolicy(prefix + rest)).toMatchObject({ allowed: true, namespace: "eip155" })
      }),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (method) => {
        const policy = rpcMethodPolicy(method)
        const listed =
          /^(?:eth|wallet)_[A-Za-z0-9_]+$/.test(method) ||
          method === "personal_sign" ||
          /^solana_sign(?:Message|Transaction|AllTransactions|AndSendTransaction)$/.test(method)
        expect(policy.allowed).toBe(listed)
      }),
    )
  })

  it("never lets a signing method through without approval", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_]{0,20}$/), (rest) => {
        expect(rpcMethodPolicy(`eth_sign${rest}`).needsApproval).toBe(true)
      }),
    )
  })

  it("only marks allowed methods as needing approval or a connection", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (method) => {
        const policy = rpcMethodPolicy(method)
        if (!policy.allowed)
          expect(policy).toMatchObject({ needsApproval: false, needsConnectedProvider: false })
      }),
    )
  })
})

describe("sendsWhenApproved", () => {
  it("is true for the requests that send once approved, and false for the ones that only sign", () => {
    for (const method of [
      "eth_sendTransaction",
      "wallet_sendCalls",
      "eth_sendUserOperation",
      "solana_signAndSendTransaction",
      "sendTransfer",
    ])
      expect(sendsWhenApproved(method), method).toBe(true)
    for (const method of [
      "eth_signTransaction",
      "eth_sendRawTransaction",
      "personal_sign",
      "solana_signTransaction",
      "signMessage",
      "getAccountAddresses",
    ])
      expect(sendsWhenApproved(method), method).toBe(false)
  })

  it("counts a bip122 signPsbt only when the wallet was asked to broadcast it", () => {
    expect(sendsWhenApproved("signPsbt", true)).toBe(true)
    expect(sendsWhenApproved("signPsbt", false)).toBe(false)
    expect(sendsWhenApproved("signPsbt")).toBe(false)
  })
})
