import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { type CaipNetworkId, namespaceOf, referenceOf } from "../domain/caip"
import { isChainNamespace } from "../domain/namespace"
import type { NetworkState } from "../domain/network"
import { StorageKeys } from "../domain/storageKeys"
import { ConnectionError } from "../errors/connection"
import { persisted } from "../storage/keys"
import { Storage } from "../storage/Storage"
import { type CaipNetwork, Options, type ResolvedOptions } from "./Options"
import { restoredOr } from "./restoredState"
import { Send } from "./Send"

/** §4: UnsupportedChain opens when the network is not requested, switching is on and unsupported chains are not allowed. */
export const shouldShowUnsupportedChain = (
  state: NetworkState,
  options: { readonly enableNetworkSwitch: boolean; readonly allowUnsupportedChain: boolean },
) => state.unsupportedChain && options.enableNetworkSwitch && !options.allowUnsupportedChain

/** A chain the wallet moved to that the dApp did not request; undefined when its namespace is not one we know. */
const unknownNetwork = (caipNetworkId: CaipNetworkId): CaipNetwork | undefined => {
  const namespace = namespaceOf(caipNetworkId)
  if (!isChainNamespace(namespace)) return undefined
  return { id: referenceOf(caipNetworkId), chainNamespace: namespace, caipNetworkId, name: "Unknown Network" }
}

/** The network state after a reload: the stored active network wins, if the dApp still requests it. */
export const restoredNetworkState = (options: ResolvedOptions, storage: Storage["Service"]) =>
  Effect.gen(function* () {
    // A restored id the dApp no longer requests is ignored, in every namespace: a connect there would ask
    // the wallet to switch to it. So is one filed under another namespace than its own, or no id at all (a hand
    // edit, an old version), each on its own.
    const stored = Object.entries((yield* persisted(StorageKeys.activeNetworkIds, storage).read) ?? {})
    const restoredIds = Object.fromEntries(
      stored.flatMap(([namespace, id]) => {
        const network = options.networks.find((n) => n.caipNetworkId === id && n.chainNamespace === namespace)
        return network === undefined ? [] : [[namespace, network.caipNetworkId]]
      }),
    )
    const restoredNamespace = yield* persisted(StorageKeys.activeNamespace, storage).read
    const restoredId = restoredNamespace === undefined ? undefined : restoredIds[restoredNamespace]
    const initial = options.networks.find((n) => n.caipNetworkId === restoredId) ?? options.defaultNetwork
    return {
      activeNamespace: initial.chainNamespace,
      caipNetwork: initial,
      activeNetworkIds: { ...restoredIds, [initial.chainNamespace]: initial.caipNetworkId },
      requestedCaipNetworks: options.networks,
      approvedCaipNetworkIds: [],
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
      unsupportedChain: false,
    } satisfies NetworkState
  })

export class Network extends Context.Service<
  Network,
  {
    readonly state: SubscriptionRef.SubscriptionRef<NetworkState>
    /** Makes a requested network active (§4: changes the namespace and resets the send form). */
    readonly setActiveNetwork: (caipNetworkId: string) => Effect.Effect<CaipNetwork, ConnectionError>
    /** A wallet reported its chain; a chain the dApp did not request is kept and flagged unsupported. */
    readonly onWalletChain: (caipNetworkId: CaipNetworkId) => Effect.Effect<void>
    readonly setApprovedCaipNetworkIds: (ids: ReadonlyArray<CaipNetworkId>) => Effect.Effect<void>
    readonly find: (caipNetworkId: string) => Effect.Effect<CaipNetwork, ConnectionError>
  }
>()("appkit/Network") {
  static readonly layer = Layer.effect(
    Network,
    Effect.gen(function* () {
      const send = yield* Send
      const storage = yield* Storage
      const storedNamespace = persisted(StorageKeys.activeNamespace, storage)
      const storedNetworkIds = persisted(StorageKeys.activeNetworkIds, storage)
      const state = yield* SubscriptionRef.make<NetworkState>(
        yield* restoredOr(
          "network",
          Effect.flatMap(SubscriptionRef.get((yield* Options).state), (options) =>
            restoredNetworkState(options, storage),
          ),
        ),
      )
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
                : Effect.logWarning(
                    `Ignoring a wallet chain of a namespace AppKit does not know: ${caipNetworkId}`,
                  )
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
