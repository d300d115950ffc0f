export {
  type AccountId,
  CaipAccountId,
  CaipChainId,
  type ChainId,
  formatAccountId,
  formatChainId,
  InvalidCaipId,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
  parseAccountId,
  parseChainId,
} from "./caip"
export * as Entities from "./entities"
export { ChainNamespace, chainNamespaces, isChainNamespace } from "./namespace"
export {
  NativeBalance,
  RecentWallet,
  type StorageKey,
  StorageKeys,
} from "./storageKeys"
