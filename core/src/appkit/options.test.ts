import { base, mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { type CreateAppKitParameters, decodeParameters, networkIdOf } from "./options"

const issueOf = (parameters: unknown) => {
  try {
    decodeParameters(parameters as CreateAppKitParameters)
    return undefined
  } catch (error) {
    return (error as { _tag: string; message: string })._tag === "InvalidAppKitOptionsError"
      ? (error as Error).message
      : `unexpected ${String(error)}`
  }
}

const anvil = { id: 31337, chainNamespace: "eip155", caipNetworkId: "eip155:31337", name: "Anvil" } as const

describe("decodeParameters", () => {
  it("takes viem Chains as networks: eip155, their currency and their default RPC URL", () => {
    const { options } = decodeParameters({
      projectId: "p",
      networks: [base, mainnet],
      defaultNetwork: mainnet,
    })
    expect(options.networks[0]).toEqual({
      id: 8453,
      chainNamespace: "eip155",
      caipNetworkId: "eip155:8453",
      name: "Base",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrl: base.rpcUrls.default.http[0],
    })
    expect(options.defaultNetwork).toBe("eip155:1")
  })

  it("keeps the live parts apart from the validated data", () => {
    const connectors: CreateAppKitParameters["connectors"] = []
    const { options, runtime } = decodeParameters({
      projectId: "p",
      networks: [anvil],
      connectors,
      reconnect: false,
    })
    expect(runtime).toMatchObject({ connectors, reconnect: false })
    expect(options).not.toHaveProperty("connectors")
  })

  it.each([
    [
      { projectId: "p", networks: [{ ...anvil, id: -1, caipNetworkId: undefined }] },
      "networks[0].id: expected a positive integer",
    ],
    [{ projectId: "p", networks: [] }, "networks: expected at least one network"],
    [{ projectId: "", networks: [anvil] }, "projectId: expected a value with a length of at least 1"],
    [
      { projectId: "p", networks: [{ ...anvil, chainNamespace: "tron" }] },
      "networks[0].chainNamespace: expected",
    ],
    [
      { projectId: "p", networks: [anvil], rpcUrls: { 1: "http://127.0.0.1:8545" } },
      "rpcUrls.1: must be the chain id of one of the networks",
    ],
    [
      { projectId: "p", networks: [anvil], rpcUrls: { 31337: "ftp://node" } },
      "rpcUrls.31337: expected an http(s) URL",
    ],
    [
      { projectId: "p", networks: [anvil], rpcUrls: { 31337: "http://127.0.0.1:8545x" } },
      "rpcUrls.31337: expected an http(s) URL",
    ],
    [
      { projectId: "p", networks: [anvil], walletConnect: { relayUrl: "wss://relay .example" } },
      "walletConnect.relayUrl: expected a ws(s) URL",
    ],
    [
      { projectId: "p", networks: [anvil], defaultNetwork: "eip155:1" },
      "defaultNetwork: must be the caipNetworkId of one of the networks",
    ],
    [
      { projectId: "p", networks: [anvil], walletConnect: { relayUrl: "http://relay" } },
      "walletConnect.relayUrl: expected a ws(s) URL",
    ],
    [
      { projectId: "p", networks: [{ ...anvil, caipNetworkId: "eip155:1" }] },
      "networks[0].caipNetworkId: must be eip155:31337",
    ],
    [
      { projectId: "p", networks: [anvil], onramp: { meld: { publickey: "pk" } } },
      "onramp.meld.publicKey: missing key",
    ],
    [
      { projectId: "p", networks: [anvil], onramp: { meld: { publicKey: "" } } },
      "onramp.meld.publicKey: expected a value with a length of at least 1",
    ],
    [
      { projectId: "p", networks: [anvil], onramp: { meld: { publicKey: "pk", baseUrl: "meld.example" } } },
      "onramp.meld.baseUrl: expected an http(s) URL",
    ],
    ["not an object", "expected an object of options"],
  ])("names the wrong key in words (%#)", (parameters, text) => {
    expect(issueOf(parameters)).toContain(text)
  })

  it("names every wrong key at once, not just the first", () => {
    const message = issueOf({ projectId: "", networks: [] })
    expect(message).toContain("projectId:")
    expect(message).toContain("networks:")
  })

  it("applies per-chain RPC URLs given by chain id or CAIP-2 id", () => {
    const { options } = decodeParameters({
      projectId: "p",
      networks: [anvil, base],
      rpcUrls: { 31337: "http://127.0.0.1:8545", "eip155:8453": "http://127.0.0.1:8546" },
    })
    expect(options.rpcUrls).toEqual({
      31337: "http://127.0.0.1:8545",
      "eip155:8453": "http://127.0.0.1:8546",
    })
  })
})

describe("networkIdOf", () => {
  it("is the CAIP-2 id of any network form", () => {
    expect(networkIdOf(base)).toBe("eip155:8453")
    expect(networkIdOf(anvil)).toBe("eip155:31337")
    expect(
      networkIdOf({ id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", chainNamespace: "solana", name: "Solana" }),
    ).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
  })
})
