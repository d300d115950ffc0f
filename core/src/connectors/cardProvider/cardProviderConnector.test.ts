import { type Anvil, createDevCoinbaseWalletSdkModule, startAnvil } from "@appkit/fixtures"
import { Effect, Logger, Option, References } from "effect"
import type { Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CaipNetworkId } from "../../domain/caip"
import { makeCardProviderConnector } from "./cardProviderConnector"

// The card-provider wallet against the dev provider that speaks the SDK's EIP-1193 surface, over anvil keys.
let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 8453, accounts: 1 })
}, 60_000)
afterAll(() => anvil?.stop())

const devSdk = () =>
  createDevCoinbaseWalletSdkModule({
    privateKeys: [anvil.accounts[0]?.privateKey as Hex],
    chains: [{ chainId: 8453, rpcUrl: anvil.rpcUrl }],
  })

/** Runs `program` in a scope, collecting what it logs. */
const run = async <A>(program: Effect.Effect<A, never, import("effect").Scope.Scope>) => {
  const logged: Array<string> = []
  const logger = Logger.make(({ message }) => {
    logged.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  const value = await Effect.runPromise(
    Effect.scoped(program).pipe(
      Effect.provide(Logger.layer([logger])),
      Effect.provideService(References.MinimumLogLevel, "All"),
    ),
  )
  return { value, logged }
}

describe("makeCardProviderConnector", () => {
  it("loads the SDK only for a card-provider chain and connects through its provider", async () => {
    let loads = 0
    const { value } = await run(
      Effect.gen(function* () {
        const connector = yield* makeCardProviderConnector({
          appName: "AppKit",
          chainIds: [31337, 8453],
          loadSdk: async () => {
            loads++
            return devSdk()
          },
        })
        if (Option.isNone(connector)) return undefined
        const connection = yield* Effect.orDie(
          connector.value.connect({ chainId: "eip155:8453" as CaipNetworkId }),
        )
        return { id: connector.value.id, type: connector.value.type, name: connector.value.name, connection }
      }),
    )
    expect(loads).toBe(1)
    expect(value).toMatchObject({
      id: "coinbaseWalletSDK",
      type: "EXTERNAL",
      name: "Coinbase Wallet",
      connection: { chainId: "eip155:8453" },
    })
    expect(value?.connection.accounts[0]?.toLowerCase()).toBe(
      `eip155:8453:${anvil.accounts[0]?.address}`.toLowerCase(),
    )
  })

  it("is hidden, without loading anything, when none of the app's chains is the provider's", async () => {
    let loads = 0
    const { value } = await run(
      makeCardProviderConnector({
        appName: "AppKit",
        chainIds: [31337, 11155111],
        loadSdk: async () => {
          loads++
          return devSdk()
        },
      }),
    )
    expect(Option.isNone(value)).toBe(true)
    expect(loads).toBe(0)
  })

  it("logs 'Failed to import Coinbase Wallet SDK' and hides the wallet when the import fails", async () => {
    const { value, logged } = await run(
      makeCardProviderConnector({
        appName: "AppKit",
        chainIds: [1],
        loadSdk: () => Promise.reject(new Error("Cannot find package '@coinbase/wallet-sdk'")),
      }),
    )
    expect(Option.isNone(value)).toBe(true)
    expect(logged.some((line) => line.startsWith("Failed to import Coinbase Wallet SDK"))).toBe(true)
  })

  it("tries the official package by default: not installed here, so hidden and logged", async () => {
    const { value, logged } = await run(makeCardProviderConnector({ appName: "AppKit", chainIds: [1] }))
    expect(Option.isNone(value)).toBe(true)
    expect(logged.some((line) => line.startsWith("Failed to import Coinbase Wallet SDK"))).toBe(true)
  })
})
