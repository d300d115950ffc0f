// @appkit/core/bitcoin: the Bitcoin wallet layer (discovery, selection, requests, connectors, balance,
// runes, the selector's state machine). Its heavy tools (PSBT, BIP-322, secp256k1) are a separate entry,
// @appkit/core/bitcoin/tools, which `loadBitcoinTools()` imports on first use.
export type { BitcoinWalletOption } from "../../domain/bitcoin"
export { getBitcoinBalance } from "./balance"
export { type BitcoinClient, type BitcoinClientOptions, createBitcoinClient } from "./client"
export {
  addressTypeOf,
  type BitcoinConnector,
  type BitcoinConnectorError,
  type BitcoinWalletEvent,
  type BitcoinWalletKind,
  requestThroughConnector,
  type SignedMessage,
} from "./connectors/BitcoinConnector"
export { type ExtensionBitcoinApi, isExtensionBitcoinApi } from "./connectors/extensionApi"
export { type ConnectorOptions, connectorForWallet } from "./connectors/forWallet"
export { leatherAddressEntries, makeLeatherConnector } from "./connectors/leather"
export {
  isOkxTestNetworkApi,
  makeOkxConnector,
  makeOkxConnectorForNetwork,
  makeOkxTestNetworkConnector,
  type OkxBitcoinApi,
  type OkxTestNetworkApi,
} from "./connectors/okx"
export { makeUnisatConnector, type UnisatApi } from "./connectors/unisat"
export {
  makeWalletConnectBitcoinConnector,
  type WalletConnectBitcoinOptions,
  type WalletConnectBitcoinSession,
} from "./connectors/walletConnect"
export { makeWalletStandardConnector } from "./connectors/walletStandard"
export {
  fromXverseNetwork,
  makeRequestApiConnector,
  type RequestApiWallet,
  toXverseNetwork,
} from "./connectors/xverse"
export { dustLimit } from "./encoding/dust"
export { BitcoinTimeoutError, InvalidMessageSignatureError, InvalidPsbtError } from "./errors"
export {
  addressNetworkOf,
  bitcoinChainIds,
  bitcoinNetworkNames,
  bitcoinNetworkOfChainId,
  parseBitcoinNetwork,
} from "./networks"
export {
  BitcoinMethods,
  checkPromptMessage,
  defaultSigningProtocol,
  getAddressesParams,
  groupSignInputs,
  isSatoshiAmount,
  satoshiNumber,
  sendTransferParams,
  signMessageParams,
  signPsbtParams,
  stacksBatchParams,
  walletConnectParams,
} from "./request/methods"
export {
  callRequestApi,
  decodeReply,
  isRequestApiProvider,
  type RequestApiProvider,
} from "./request/protocol"
export { defaultWalletTimeout, toBitcoinRpcError } from "./request/walletCall"
export { estimateRuneOrderRbf, etchRunes, mintRunes, RuneOrderCostError, type RuneOrderResult } from "./runes"
export {
  type BitcoinRequestClient,
  type BitcoinRequestClientOptions,
  makeBitcoinRequestClient,
  toRequestResult,
} from "./selection/requestClient"
export {
  cardLimits,
  hasInstalledWallet,
  headingOf,
  initialSelectorState,
  type SelectorEffect,
  type SelectorEvent,
  type SelectorState,
  type SidePanel,
  selectorEvents,
  selectorLayout,
  selectorTag,
  selectorTexts,
  selectorTransition,
  showsSidePanel,
} from "./selection/selectorMachine"
export { selectionTimeout, type WalletSelector, windowSelector } from "./selection/selectorPort"
export {
  type InstallPlatform,
  installPlatformOf,
  installUrlFor,
  type KnownBitcoinWallet,
  knownBitcoinWallets,
  okxNetworkProviders,
} from "./wallets/catalog"
export {
  type BitcoinWalletSource,
  type DiscoveredBitcoinWallet,
  discoverBitcoinWallets,
  listBitcoinWallets,
  orderBitcoinWallets,
  toWalletOption,
  type WalletHost,
  watchBitcoinWallets,
} from "./wallets/discovery"
export {
  isBitcoinStandardWallet,
  type StandardWallet,
  type StandardWalletAccount,
  watchStandardWallets,
} from "./wallets/walletStandard"

/** The PSBT, BIP-322 and script tools, loaded on first use (they carry secp256k1). */
export const loadBitcoinTools = () => import("./tools")
