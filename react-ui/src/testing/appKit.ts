import {
  type AppKit,
  accountOn,
  type CaipNetworkId,
  type Connector,
  type CreateAppKitParameters,
  createAppKit,
} from "@appkit/core"
import { networkId } from "@appkit/core/testing"
import { Effect, Option, Stream } from "effect"

/** Test support (imported by tests only): a real AppKit instance over an in-memory wallet. */

export const testAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

export const testNetworks = [
  { id: 1, chainNamespace: "eip155", caipNetworkId: "eip155:1", name: "Ethereum" },
  { id: 8453, chainNamespace: "eip155", caipNetworkId: "eip155:8453", name: "Base" },
] as const

/** A wallet that connects at once with `testAddress` on the chain asked for (an installed extension). */
export const memoryWallet = (id = "io.test.wallet", name = "Test Wallet"): Connector => {
  let chainId: CaipNetworkId = networkId("eip155:1")
  return {
    id,
    name,
    type: "ANNOUNCED",
    chain: "eip155",
    rdns: id,
    imageUrl: "data:image/svg+xml;base64,PHN2Zy8+",
    connect: (options) =>
      Effect.sync(() => {
        chainId = options?.chainId ?? chainId
        return { accounts: Option.toArray(accountOn(chainId, testAddress)), chainId }
      }),
    disconnect: () => Effect.void,
    request: () => Effect.succeed(null),
    switchChain: (next) =>
      Effect.sync(() => {
        chainId = next
      }),
    events: Stream.empty,
  }
}

export const testAppKit = (
  options: {
    readonly connectors?: ReadonlyArray<Connector>
    readonly apiUrl?: string
    readonly onramp?: CreateAppKitParameters["onramp"]
  } = {},
): AppKit =>
  createAppKit({
    projectId: "test",
    ...(options.apiUrl === undefined ? {} : { apiUrl: options.apiUrl }),
    ...(options.onramp === undefined ? {} : { onramp: options.onramp }),
    networks: testNetworks,
    features: { email: false },
    socials: [],
    connectors: options.connectors ?? [memoryWallet()],
    reconnect: false,
  })
