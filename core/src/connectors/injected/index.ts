export { type Eip1193Provider, isEip1193Provider, parseWalletAccounts, parseWalletChainId } from "./eip1193"
export {
  type AnnouncedProvider,
  discoverInjectedProviders,
  Eip6963ProviderInfo,
  type InjectedProviders,
  watchAnnouncedProviders,
} from "./eip6963"
export {
  type InjectedConnector,
  type InjectedConnectorError,
  makeInjectedConnector,
} from "./InjectedConnector"
