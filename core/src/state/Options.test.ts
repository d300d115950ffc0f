import { Effect, Schema, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { FeatureDefaults, SOCIALS_ORDER } from "../config/constants"
import { base, runState, testOptions } from "../testing/testkit"
import { AppKitOptions, Options, resolveOptions } from "./Options"

const decode = Schema.decodeUnknownResult(AppKitOptions)

describe("Options", () => {
  it("applies the §9 defaults", () => {
    const resolved = resolveOptions(testOptions)
    expect(resolved.features).toEqual(FeatureDefaults)
    expect(resolved.socials).toEqual(SOCIALS_ORDER)
    expect(resolved.defaultNetwork.caipNetworkId).toBe("eip155:1")
    expect(resolved.adapters).toEqual(["eip155", "solana"])
    expect(resolved).toMatchObject({
      enableEmbedded: false,
      allowUnsupportedChain: false,
      enableNetworkSwitch: true,
    })
  })

  it("keeps what the dApp sets, feature by feature", () => {
    const resolved = resolveOptions({
      ...testOptions,
      defaultNetwork: base.caipNetworkId,
      features: { swaps: false, pay: true },
    })
    expect(resolved.features).toEqual({ ...FeatureDefaults, swaps: false, pay: true })
    expect(resolved.defaultNetwork).toEqual(base)
  })

  it("rejects options without a project id, without networks, or with a malformed network id", () => {
    const network = { id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }
    expect(decode({ projectId: "p", networks: [network] })._tag).toBe("Success")
    expect(decode({ projectId: "", networks: [network] })._tag).toBe("Failure")
    expect(decode({ projectId: "p", networks: [] })._tag).toBe("Failure")
    expect(decode({ projectId: "p", networks: [{ ...network, caipNetworkId: "not a chain" }] })._tag).toBe(
      "Failure",
    )
    expect(decode({ projectId: "p", networks: [network], features: { swaps: "yes" } })._tag).toBe("Failure")
  })

  it("rejects a default network that is not requested and an API URL that is not http(s)", () => {
    const network = { id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }
    expect(decode({ projectId: "p", networks: [network], defaultNetwork: "eip155:1" })._tag).toBe("Success")
    expect(decode({ projectId: "p", networks: [network], defaultNetwork: "eip155:8453" })._tag).toBe(
      "Failure",
    )
    expect(decode({ projectId: "p", networks: [network], apiUrl: "http://127.0.0.1:8787" })._tag).toBe(
      "Success",
    )
    expect(decode({ projectId: "p", networks: [network], apiUrl: "127.0.0.1:8787" })._tag).toBe("Failure")
    // http and a host, but not a URL: refused here rather than by every request later.
    expect(decode({ projectId: "p", networks: [network], apiUrl: "http://127.0.0.1:87870" })._tag).toBe(
      "Failure",
    )
  })

  it("toggles features at run time", async () => {
    const features = await runState(
      Effect.gen(function* () {
        const options = yield* Options
        yield* options.setFeatures({ email: false })
        return (yield* SubscriptionRef.get(options.state)).features
      }),
    )
    expect(features).toEqual({ ...FeatureDefaults, email: false })
  })
})
