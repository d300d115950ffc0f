import { Layer } from "effect"
import type { Connector } from "../connectors/Connector"
import { Account } from "./Account"
import { AccountData } from "./AccountData"
import { Alert } from "./Alert"
import { Connection } from "./Connection"
import { Connectors } from "./Connectors"
import { Modal } from "./Modal"
import { Names } from "./Names"
import { Network } from "./Network"
import { type AppKitOptions, Options } from "./Options"
import { Pairing } from "./Pairing"
import { Router } from "./Router"
import { Send } from "./Send"
import { Siwx } from "./Siwx"
import { Swap } from "./Swap"
import { Toast } from "./Toast"
import { Transactions } from "./Transactions"

export interface StateLayerConfig {
  readonly options: AppKitOptions
  readonly connectors?: ReadonlyArray<Connector> | undefined
}

/**
 * Every state service, wired once. Needs `Storage`; takes the optional `SiwxClient` (sign-in) and
 * `BlockchainApi` (names, history) when they are provided.
 * Each call builds fresh services, so two instances never share state.
 */
export const stateLayer = (config: StateLayerConfig) => {
  const leaves = Layer.mergeAll(
    Router.layer,
    Toast.layer,
    Alert.layer,
    Pairing.layer,
    Send.layer,
    Account.layer,
  ).pipe(Layer.provideMerge(Options.layer(config.options)))
  const catalog = Layer.mergeAll(Network.layer, Connectors.layer(config.connectors))
  const flows = Layer.mergeAll(Siwx.layer, Names.layer, Swap.layer, Transactions.layer, AccountData.layer)
  return flows.pipe(
    Layer.provideMerge(Modal.layer),
    Layer.provideMerge(Connection.layer),
    Layer.provideMerge(catalog),
    Layer.provideMerge(leaves),
  )
}

/** Everything `stateLayer` provides. */
export type StateServices = Layer.Success<ReturnType<typeof stateLayer>>
