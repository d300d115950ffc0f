import { Context, Effect, Layer, Option, Schema, SubscriptionRef } from "effect"
import { CaipChainId } from "../domain/caip"
import { type ChainNamespace, isChainNamespace } from "../domain/namespace"
import { StorageKeys } from "../domain/storageKeys"
import { ConnectionError } from "../errors/connection"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { type CaipNetwork, Options } from "./Options"
import { Send } from "./Send"

/** §3 network state, plus the active namespace and whether the wallet sits on a chain the dApp did not request. */
export interface NetworkState {
  readonly activeNamespace: ChainNamespace
  readonly caipNetwork: CaipNetwork
  readonly activeNetworkIds: Readonly<Partial<Record<ChainNamespace, CaipChainId>>>
  readonly requestedCaipNetworks: ReadonlyArray<CaipNetwork>
  readonly approvedCaipNetworkIds: ReadonlyArray<string>
  readonly supportsAllNetworks: boolean
  readonly smartAccountEnabledNetworks: ReadonlyArray<string>
  readonly unsupportedChain: boolean
}

/** §4: UnsupportedChain opens when the network is not requested, switching is on and unsupported chains are not allowed. */
export const shouldShowUnsupportedChain = (
  state: NetworkState,
  options: { readonly enableNetworkSwitch: boolean; readonly allowUnsupportedChain: boolean },
) => state.unsupportedChain && options.enableNetworkSwitch && !options.allowUnsupportedChain

const decodeChainId = Schema.decodeUnknownOption(CaipChainId)

/** A chain the wallet moved to that the dApp did not request; undefined when the id is not a CAIP-2 id we know. */
const unknownNetwork = (caipNetworkId: string): CaipNetwork | undefined => {
  const [namespace = "", reference = ""] = caipNetworkId.split(":")
  const id = decodeChainId(caipNetworkId)
  if (Option.isNone(id) || !isChainNamespace(namespace)) return undefined
  return { id: reference, chainNamespace: namespace, caipNetworkId: id.value, name: "Unknown Network" }
}

export class Network extends Context.Service<
  Network,
  {
    readonly state: SubscriptionRef.SubscriptionRef<NetworkState>
    /** Makes a requested network active (§4: changes the namespace and resets the send form). */
    readonly setActiveNetwork: (caipNetworkId: string) => Effect.Effect<CaipNetwork, ConnectionError>
    /** A wallet reported its chain; a chain the dApp did not request is kept and flagged unsupported. */
    readonly onWalletChain: (caipNetworkId: string) => Effect.Effect<void>
    readonly setApprovedCaipNetworkIds: (ids: ReadonlyArray<string>) => Effect.Effect<void>
    readonly find: (caipNetworkId: string) => Effect.Effect<CaipNetwork, ConnectionError>
  }
>()("appkit/Network") {
  static readonly layer = Layer.effect(
    Network,
    Effect.gen(function* () {
      const options = yield* SubscriptionRef.get((yield* Options).state)
      const send = yield* Send
      const storage = yield* Storage
      const storedNamespace = persisted(StorageKeys.activeNamespace, storage)
      const storedNetworkIds = persisted(StorageKeys.activeNetworkIds, storage)
      // After a reload the stored active network wins, if the dApp still requests it.
      const restoredIds = (yield* storedNetworkIds.read) ?? {}
      const restoredNamespace = yield* storedNamespace.read
      const restoredId = restoredNamespace === undefined ? undefined : restoredIds[restoredNamespace]
      // (a restored id the dApp no longer requests is ignored)
      const initial = options.networks.find((n) => n.caipNetworkId === restoredId) ?? options.defaultNetwork
      const state = yield* SubscriptionRef.make<NetworkState>({
        activeNamespace: initial.chainNamespace,
        caipNetwork: initial,
        activeNetworkIds: { ...restoredIds, [initial.chainNamespace]: initial.caipNetworkId },
        requestedCaipNetworks: options.networks,
        approvedCaipNetworkIds: [],
        supportsAllNetworks: true,
        smartAccountEnabledNetworks: [],
        unsupportedChain: false,
      })
      const find = (caipNetworkId: string) =>
        Effect.flatMap(SubscriptionRef.get(state), (s) => {
          const network = s.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
          return network
            ? Effect.succeed(network)
            : Effect.fail(new ConnectionError({ reason: "networkNotFound" }))
        })
      const activate = (network: CaipNetwork, unsupportedChain: boolean) =>
        Effect.gen(function* () {
          const next = yield* SubscriptionRef.updateAndGet(state, (s) => ({
            ...s,
            activeNamespace: network.chainNamespace,
            caipNetwork: network,
            activeNetworkIds: { ...s.activeNetworkIds, [network.chainNamespace]: network.caipNetworkId },
            unsupportedChain,
          }))
          yield* storedNamespace.write(next.activeNamespace)
          yield* storedNetworkIds.write(next.activeNetworkIds)
        })
      return Network.of({
        state,
        find,
        setActiveNetwork: (caipNetworkId) =>
          Effect.gen(function* () {
            const network = yield* find(caipNetworkId)
            const before = yield* SubscriptionRef.get(state)
            yield* activate(network, false)
            if (before.caipNetwork.caipNetworkId !== network.caipNetworkId) yield* send.reset
            return network
          }),
        onWalletChain: (caipNetworkId) =>
          Effect.matchEffect(find(caipNetworkId), {
            onSuccess: (network) => activate(network, false),
            onFailure: () => {
              const network = unknownNetwork(caipNetworkId)
              return network
                ? activate(network, true)
                : Effect.logWarning(`Ignoring a wallet chain that is not a CAIP-2 id: ${caipNetworkId}`)
            },
          }),
        setApprovedCaipNetworkIds: (ids) =>
          SubscriptionRef.update(state, (s) => ({
            ...s,
            approvedCaipNetworkIds: ids,
            supportsAllNetworks: ids.length === 0,
          })),
      })
    }),
  )
}
