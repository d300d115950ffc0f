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
export { ChainNamespace, chainNamespaces, isChainNamespace } from "./namespace"
