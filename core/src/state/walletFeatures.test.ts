import { describe, expect, it } from "vitest"
import { FeatureDefaults } from "../config/constants"
import { walletFeatures } from "./walletFeatures"

const onMainnet = { features: FeatureDefaults, namespace: "eip155", caipNetworkId: "eip155:1" } as const

describe("walletFeatures", () => {
  it("offers the §9 defaults in the §9 order on a swap network", () => {
    expect(walletFeatures(onMainnet)).toEqual(["onramp", "swaps", "receive", "send"])
  })

  it("drops swaps off the 12 swap networks, and send and swaps off eip155/solana", () => {
    expect(walletFeatures({ ...onMainnet, caipNetworkId: "eip155:11155111" })).toEqual([
      "onramp",
      "receive",
      "send",
    ])
    expect(
      walletFeatures({
        ...onMainnet,
        namespace: "solana",
        caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      }),
    ).toEqual(["onramp", "receive", "send"])
    expect(
      walletFeatures({
        ...onMainnet,
        namespace: "bip122",
        caipNetworkId: "bip122:000000000019d6689c085ae165831e93",
      }),
    ).toEqual(["receive"])
  })

  it("honours the dApp's options: a feature turned off is never offered", () => {
    expect(
      walletFeatures({ ...onMainnet, features: { ...FeatureDefaults, onramp: false, send: false } }),
    ).toEqual(["swaps", "receive"])
    expect(walletFeatures({ ...onMainnet, features: { ...FeatureDefaults, receive: false } })).toEqual([
      "onramp",
      "swaps",
      "send",
    ])
  })
})
