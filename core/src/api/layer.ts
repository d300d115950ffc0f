import { Layer } from "effect"
import { ApiClient } from "../http/ApiClient"
import type { ApiConfig } from "../http/ApiConfig"
import { QueryCache } from "../http/QueryCache"
import type { BlockchainApi } from "./blockchain/BlockchainApi"
import { blockchainApiLayer } from "./blockchain/blockchainApiLayer"
import { Mempool } from "./mempool/Mempool"
import { Ordinals } from "./ordinals/Ordinals"
import type { WalletApi } from "./wallet/WalletApi"
import { walletApiLayer } from "./wallet/walletApiLayer"

export type ApiServices = BlockchainApi | WalletApi | Mempool | Ordinals | ApiClient | QueryCache

/**
 * Every API client over the fetch transport and one shared QueryCache, configured by `config`
 * (e.g. `ApiConfig.fromBaseUrl("http://127.0.0.1:8787", { projectId })`). Analytics is added separately
 * because it needs the page's url and the analytics switch.
 */
export const apiLayer = (config: Layer.Layer<ApiConfig>): Layer.Layer<ApiServices> =>
  Layer.mergeAll(blockchainApiLayer, walletApiLayer, Mempool.layer, Ordinals.layer).pipe(
    Layer.provideMerge(Layer.merge(ApiClient.layerFetch, QueryCache.layer)),
    Layer.provide(config),
  )
