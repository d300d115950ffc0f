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
export { checkChainReference } from "./caipProfiles"
export * as Entities from "./entities"
export { ChainNamespace, chainNamespaces, isChainNamespace } from "./namespace"
export { relativeTimeLabel, relativeTimeLabelOf } from "./relativeTime"
export {
  NativeBalance,
  RecentWallet,
  readKey,
  removeKey,
  type StorageKey,
  StorageKeys,
  writeKey,
} from "./storageKeys"
