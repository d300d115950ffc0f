import { SWAP_NETWORKS } from "../../config/constants"

/** Swaps and gas prices are served only on the §9 swap networks; elsewhere the client refuses them. */
export const isSwapNetwork = (caipNetworkId: string): boolean =>
  (SWAP_NETWORKS as ReadonlyArray<string>).includes(caipNetworkId)
