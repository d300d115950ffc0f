import type { AppKitState } from "@appkit/core"

/** What the account button and the Account view show of the active namespace's account (compare shallowly). */
export const activeAccount = (state: AppKitState) => {
  const current = state.account.byNamespace[state.network.activeNamespace]
  return {
    address: current?.address,
    caipAddress: current?.caipAddress,
    balance: current?.balance,
    symbol: current?.balanceSymbol,
    profileName: current?.profileName,
    profileImage: current?.profileImage,
  }
}
