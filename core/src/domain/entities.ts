// The §3 entity schemas. They are re-exported as one namespace, `Entities`, because the state services
// that hold these entities own the plain names (Network, Toast, AccountState, …) in the public API.
export {
  ACCOUNT_TABS,
  AccountState,
  AccountType,
  AccountTypeObject,
  BitcoinAccountType,
  ConnectedWalletInfo,
  ConnectionStatus,
  EmbeddedWalletUser,
  EvmAccountType,
  PreferredAccountTypes,
} from "./account"
export {
  AddressPurpose,
  BitcoinAddressEntry,
  BitcoinAddressType,
  BitcoinNetwork,
  BitcoinWalletOption,
  BitcoinWalletType,
  BtcBalance,
  InstallUrls,
  MessageSigningProtocol,
  PsbtSignInput,
  RequestResult,
  SignMessageInput,
  SignPsbtInput,
  SignPsbtResult,
  TransferInput,
  Utxo,
  WalletEventName,
} from "./bitcoin"
export { ConnectorDescriptor, WalletListing } from "./connector"
export { HistoryTransfer, OperationType, TransactionHistoryEntry, TransactionStatus } from "./history"
export { Identity, NameRegistrationPayload } from "./names"
export { Network, NetworkAssets, NetworkState } from "./network"
export {
  OnrampOptions,
  OnrampPaymentCurrency,
  OnrampProvider,
  OnrampQuoteInput,
  PaymentMethodLimit,
} from "./onramp"
export { PairingConnection, PairingConnections, PairingState, WcUri } from "./pairing"
export { EpochMillis, IsoDateTime } from "./primitives"
export { SendState } from "./send"
export { Cacao, SiwxMessageData, SiwxSession } from "./siwx"
export { SocialProvider, socialProviders } from "./social"
export { SwapQuoteInput } from "./swap"
export { Toast, ToastSvg, ToastVariant } from "./toast"
export { Token, TokenQuantity } from "./token"
