import { createAppKit, type Eip1193Provider, makeInjectedConnector } from "@appkit/core"
import {
  type Anvil,
  createDevEip1193Provider,
  type DevEip1193Provider,
  deploySwapFixtures,
  type FixtureApi,
  type SwapDeployment,
  startAnvil,
  startFixtureApi,
} from "@appkit/fixtures"
import { Effect, Exit, Scope } from "effect"
import type { Hex } from "viem"
import { afterAll, beforeAll } from "vitest"

/** The wallet features' local stack: anvil as chain 1 (a swap network), its swap market, the fixture API. */
export interface SwapStack {
  readonly anvil: Anvil
  readonly swap: SwapDeployment
  readonly api: FixtureApi
  /** A dev EIP-1193 wallet holding dev account `index`, on the local chain. */
  readonly wallet: (index: number) => DevEip1193Provider
}

/** One stack per test file, stopped after it. */
export const useSwapStack = (): (() => SwapStack) => {
  let stack: SwapStack | undefined
  beforeAll(async () => {
    const anvil = await startAnvil({ chainId: 1, accounts: 4 })
    const swap = await deploySwapFixtures(anvil)
    const api = await startFixtureApi({ swap })
    stack = {
      anvil,
      swap,
      api,
      wallet: (index) =>
        createDevEip1193Provider({
          privateKeys: [anvil.accounts[index]?.privateKey as Hex],
          chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        }),
    }
  }, 60_000)
  afterAll(async () => {
    await stack?.api.close()
    await stack?.anvil.stop()
  })
  return () => {
    if (!stack) throw new Error("swap stack not started")
    return stack
  }
}

/**
 * An app on the local chain (eip155:1) as a dApp builds it: createAppKit with one injected connector over
 * `provider`, talking to `apiUrl` when given. `dispose` stops the app and releases the connector.
 */
export const startApp = async (provider: Eip1193Provider, apiUrl?: string) => {
  const scope = Effect.runSync(Scope.make())
  const connector = await Effect.runPromise(Scope.provide(makeInjectedConnector(provider), scope))
  const appKit = createAppKit({
    projectId: "test",
    ...(apiUrl === undefined ? {} : { apiUrl }),
    networks: [{ id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" }],
    connectors: [connector],
    reconnect: false,
  })
  return {
    appKit,
    connector,
    dispose: async () => {
      await appKit.dispose()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    },
  }
}
