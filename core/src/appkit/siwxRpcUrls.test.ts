import { describe, expect, it } from "vitest"
import type { AppKitOptions } from "../state/Options"
import { withNetworkRpcUrls } from "./siwxRpcUrls"

const siwx = { domain: "app.example", uri: "https://app.example" }
const network = (id: number | string, namespace: "eip155" | "solana", rpcUrl?: string) => ({
  id,
  chainNamespace: namespace,
  caipNetworkId: `${namespace}:${id}`,
  name: `${namespace} ${id}`,
  nativeCurrency: { name: "Coin", symbol: "C", decimals: 18 },
  ...(rpcUrl === undefined ? {} : { rpcUrl }),
})

describe("the sign-in's RPC URLs for EIP-1271 (withNetworkRpcUrls)", () => {
  it("takes every eip155 network's RPC URL, the app's rpcUrls over the network's own, and no other namespace's", () => {
    const options = {
      projectId: "p",
      networks: [
        network(1, "eip155", "http://127.0.0.1:8545"),
        network(8453, "eip155", "https://base.example"),
        network(10, "eip155"),
        network("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana", "https://solana.example"),
      ],
      rpcUrls: { "8453": "https://base.mine.example" },
    } as unknown as AppKitOptions
    expect(withNetworkRpcUrls(siwx, options)).toEqual({
      ...siwx,
      rpcUrls: { "eip155:1": "http://127.0.0.1:8545", "eip155:8453": "https://base.mine.example" },
    })
  })

  it("keeps the sign-in setup's own RPC URLs first", () => {
    const options = {
      projectId: "p",
      networks: [network(1, "eip155", "http://127.0.0.1:8545")],
    } as unknown as AppKitOptions
    const own = { ...siwx, rpcUrls: { "eip155:1": "https://verify.example" } }
    expect(withNetworkRpcUrls(own, options).rpcUrls).toEqual({ "eip155:1": "https://verify.example" })
  })
})
