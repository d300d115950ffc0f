import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { HttpUrl, isNetworkApproved, Network, NetworkState, RelayUrl } from "./network"

const base = {
  id: 8453,
  chainNamespace: "eip155",
  caipNetworkId: "eip155:8453",
  name: "Base",
  assets: { imageId: "7289c336-3981-4081-c5f4-efc26ac64a00" },
}
const solana = {
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  name: "Solana",
}

describe("Network", () => {
  schemaCases(Network, {
    valid: [
      ["Base", base],
      ["Solana mainnet", solana],
      [
        "a local node with its native currency",
        {
          ...base,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrl: "http://127.0.0.1:8545",
        },
      ],
    ],
    invalid: [
      ["an unknown namespace", { ...base, chainNamespace: "tron" }],
      ["a bare chain id as caipNetworkId", { ...base, caipNetworkId: "8453" }],
      ["a caipNetworkId of another chain", { ...base, caipNetworkId: "eip155:137" }],
      ["a caipNetworkId of another namespace", { ...solana, chainNamespace: "bip122" }],
      ["a zero id", { ...base, id: 0 }],
      ["an rpc URL that is not http(s)", { ...base, rpcUrl: "ws://127.0.0.1:8545" }],
      ["an empty rpc URL", { ...base, rpcUrl: "" }],
      ["an rpc URL whose host the URL parser refuses", { ...base, rpcUrl: "http://127.0.0 .1:8545" }],
      ["an rpc URL with a port out of range", { ...base, rpcUrl: "http://127.0.0.1:65536" }],
      ["256 native decimals", { ...base, nativeCurrency: { name: "X", symbol: "X", decimals: 256 } }],
      ["no name", { ...base, name: "" }],
    ],
  })
})

describe("NetworkState", () => {
  const state = {
    activeNamespace: "eip155",
    caipNetwork: base,
    activeNetworkIds: { eip155: "eip155:8453", solana: solana.caipNetworkId },
    requestedCaipNetworks: [base, solana],
    approvedCaipNetworkIds: [],
    supportsAllNetworks: true,
    smartAccountEnabledNetworks: [],
    unsupportedChain: false,
  }
  schemaCases(NetworkState, {
    valid: [
      ["Base active among requested networks", state],
      [
        "a wallet on a chain the dApp did not request",
        {
          ...state,
          caipNetwork: {
            id: "137",
            chainNamespace: "eip155",
            caipNetworkId: "eip155:137",
            name: "Unknown Network",
          },
          unsupportedChain: true,
          approvedCaipNetworkIds: ["eip155:8453", "eip155:1"],
          smartAccountEnabledNetworks: ["eip155:8453"],
          supportsAllNetworks: false,
        },
      ],
    ],
    invalid: [
      ["no supportsAllNetworks", { ...state, supportsAllNetworks: undefined }],
      ["an approved id that is not CAIP-2", { ...state, approvedCaipNetworkIds: ["base"] }],
      ["a smart-account network as a bare chain id", { ...state, smartAccountEnabledNetworks: [8453] }],
      ["an active namespace AppKit does not know", { ...state, activeNamespace: "tron" }],
    ],
  })
})

describe("the URL rules (HttpUrl, RelayUrl)", () => {
  const isHttpUrl = Schema.is(HttpUrl)
  const isRelayUrl = Schema.is(RelayUrl)

  it("accept every http(s) and ws(s) URL with a host", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(isHttpUrl(url)).toBe(true)
        expect(isRelayUrl(url.replace(/^http/, "ws"))).toBe(true)
        expect(isRelayUrl(url)).toBe(false)
      }),
    )
  })

  it("refuse a URL whose host holds a blank, on the edge of the written form", () => {
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 1, max: 20 }), (domain, cut) => {
        const at = Math.min(cut, domain.length - 1)
        expect(isHttpUrl(`https://${domain.slice(0, at)} ${domain.slice(at)}`)).toBe(false)
      }),
    )
    expect(isHttpUrl("http://127.0.0.1:65535")).toBe(true)
    expect(isHttpUrl("http://127.0.0.1:65536")).toBe(false)
    expect(isHttpUrl("http:/127.0.0.1")).toBe(false)
    expect(isHttpUrl("HTTP://127.0.0.1")).toBe(false)
  })
})

describe("isNetworkApproved", () => {
  it("refuses only another network of a namespace whose wallet approved some", () => {
    const session = ["eip155:1", "eip155:8453"]
    expect(isNetworkApproved([], "eip155:137")).toBe(true)
    expect(isNetworkApproved(session, "eip155:8453")).toBe(true)
    expect(isNetworkApproved(session, "eip155:137")).toBe(false)
    // eip155:1 is approved, eip155:10 is not: the id is compared whole, not by prefix.
    expect(isNetworkApproved(session, "eip155:10")).toBe(false)
    expect(isNetworkApproved(session, solana.caipNetworkId)).toBe(true)
    expect(isNetworkApproved(["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"], "eip155:1")).toBe(true)
  })
})
