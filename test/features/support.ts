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
