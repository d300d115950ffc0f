import { Effect, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { base, ethereum, runState, solana, testOptions } from "../testing/testkit"
import { Network, shouldShowUnsupportedChain } from "./Network"

describe("Network", () => {
  it("starts on the default network and switches namespace with the network", async () => {
    const states = await runState(
      Effect.gen(function* () {
        const network = yield* Network
        const start = yield* SubscriptionRef.get(network.state)
        yield* network.setActiveNetwork(solana.caipNetworkId)
        return { start, after: yield* SubscriptionRef.get(network.state) }
      }),
      { options: { ...testOptions, defaultNetwork: base.caipNetworkId } },
    )
    expect(states.start.caipNetwork.caipNetworkId).toBe(base.caipNetworkId)
    expect(states.after).toMatchObject({
      activeNamespace: "solana",
      activeNetworkIds: { eip155: base.caipNetworkId, solana: solana.caipNetworkId },
    })
  })

  it("restores the active network after a reload, and ignores one the dApp no longer requests", async () => {
    const map = new Map<string, string>()
    const active = Effect.flatMap(Network, (n) =>
      Effect.map(SubscriptionRef.get(n.state), (s) => s.caipNetwork.caipNetworkId),
    )
    await runState(
      Effect.flatMap(Network, (n) => n.setActiveNetwork(solana.caipNetworkId)),
      { map },
    )
    expect(await runState(active, { map })).toBe(solana.caipNetworkId)
    const withoutSolana = { ...testOptions, networks: [base] as const }
    expect(await runState(active, { map, options: withoutSolana })).toBe(base.caipNetworkId)
  })

  it("drops a restored network of another namespace that the dApp no longer requests (a connect would ask the wallet to switch there)", async () => {
    const map = new Map<string, string>()
    await runState(
      Effect.gen(function* () {
        const network = yield* Network
        yield* network.setActiveNetwork(base.caipNetworkId)
        yield* network.setActiveNetwork(solana.caipNetworkId)
      }),
      { map },
    )
    const withoutBase = { ...testOptions, networks: [ethereum, solana] as const }
    const restored = await runState(
      Effect.flatMap(Network, (n) => SubscriptionRef.get(n.state)),
      { map, options: withoutBase },
    )
    expect(restored.caipNetwork.caipNetworkId).toBe(solana.caipNetworkId)
    expect(restored.activeNetworkIds).toEqual({ solana: solana.caipNetworkId })
  })

  it("drops a hand-edited stored network filed under another namespace (an EVM connect would be given a Solana chain)", async () => {
    const map = new Map<string, string>([
      ["@appkit/active_namespace", JSON.stringify("eip155")],
      [
        "@appkit/active_caip_network_id",
        JSON.stringify({ eip155: solana.caipNetworkId, solana: solana.caipNetworkId }),
      ],
    ])
    const restored = await runState(
      Effect.flatMap(Network, (n) => SubscriptionRef.get(n.state)),
      { map, options: { ...testOptions, defaultNetwork: base.caipNetworkId } },
    )
    expect(restored.activeNamespace).toBe("eip155")
    expect(restored.caipNetwork.caipNetworkId).toBe(base.caipNetworkId)
    expect(restored.activeNetworkIds).toEqual({ eip155: base.caipNetworkId, solana: solana.caipNetworkId })
  })

  it("keeps a namespace's stored network when another namespace's entry beside it is unreadable", async () => {
    const map = new Map<string, string>([
      ["@appkit/active_namespace", JSON.stringify("solana")],
      ["@appkit/active_caip_network_id", JSON.stringify({ eip155: "mainnet", solana: solana.caipNetworkId })],
    ])
    const restored = await runState(
      Effect.flatMap(Network, (n) => SubscriptionRef.get(n.state)),
      { map, options: { ...testOptions, defaultNetwork: base.caipNetworkId } },
    )
    expect(restored.caipNetwork.caipNetworkId).toBe(solana.caipNetworkId)
    expect(restored.activeNetworkIds).toEqual({ solana: solana.caipNetworkId })
  })

  it("opens UnsupportedChain only for an unrequested chain, with switching on and unsupported chains not allowed", () => {
    const flags = [true, false]
    for (const unsupportedChain of flags)
      for (const enableNetworkSwitch of flags)
        for (const allowUnsupportedChain of flags) {
          const state = { unsupportedChain } as Parameters<typeof shouldShowUnsupportedChain>[0]
          expect(shouldShowUnsupportedChain(state, { enableNetworkSwitch, allowUnsupportedChain })).toBe(
            unsupportedChain && enableNetworkSwitch && !allowUnsupportedChain,
          )
        }
  })
})
