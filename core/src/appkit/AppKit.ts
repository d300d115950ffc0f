import type { Abi, ContractFunctionName } from "viem"
import type { WalletPage } from "../api/wallet/schemas"
import type { Connector, ConnectorError, RpcRequest } from "../connectors/Connector"
import type { AccountState, AccountTab, PreferredAccountTypes } from "../domain/account"
import type { ChainNamespace } from "../domain/namespace"
import type { NetworkState } from "../domain/network"
import type { PairingState } from "../domain/pairing"
import type { SendState } from "../domain/send"
import type { SocialProvider } from "../domain/social"
import type { RecentWallet } from "../domain/storageKeys"
import type { AlertKey } from "../errors/alerts"
import type { ConnectionError } from "../errors/connection"
import type { NameError } from "../errors/names"
import type { ApiError } from "../http/ApiClient"
import type { AlertState } from "../state/Alert"
import type {
  ConnectErrorType,
  ConnectionState,
  DisconnectErrorType,
  SwitchNetworkErrorType,
} from "../state/Connection"
import type { ConnectMethod, ConnectorNotFoundError, ConnectorsState } from "../state/Connectors"
import type { EmbeddedAuthState } from "../state/EmbeddedAuth"
import type { ModalState, OpenModalOptions } from "../state/Modal"
import type { NamesState } from "../state/Names"
import type { Features, ResolvedOptions } from "../state/Options"
import type { PreparedOnramp } from "../state/onrampFlow"
import type { RouterState, TransactionAction, View } from "../state/Router"
import type { SendPatch, SendValidationError, ValidSend } from "../state/Send"
import type { SignInErrorType, SiwxState } from "../state/Siwx"
import type { SwapState } from "../state/Swap"
import type { SwapOutcome, SwapQuote } from "../state/swapFlow"
import type { ToastInput, ToastState } from "../state/Toast"
import type { TransactionsState } from "../state/Transactions"
import type { WalletConnections } from "../state/walletConnections"
import type { WalletDirectoryUnavailableError, WalletPageRequest } from "../state/walletDirectory"
import type { GetBalanceParameters, GetBalanceReturnType } from "./actions/getBalance"
import type { PrepareOnrampParameters } from "./actions/onramp"
import type { Hash, SendTransactionParameters, SendTransactionReturnType } from "./actions/sendTransaction"
import type { SignMessageParameters, SignMessageReturnType } from "./actions/signMessage"
import type { SendOutcome } from "./actions/submitSend"
import type { QuoteSwapParameters, SwapTokenChoice } from "./actions/swap"
import type { WriteContractParameters } from "./actions/writeContract"
import type { EmbeddedAuthActions } from "./embeddedActions"
import type { AppKitNetwork } from "./options"
import type { Subscribe } from "./store"

/** One immutable snapshot of every state service; a part keeps its identity until it changes. */
export interface AppKitState {
  readonly options: ResolvedOptions
  readonly router: RouterState
  readonly modal: ModalState
  readonly connection: ConnectionState
  readonly connectors: ConnectorsState
  readonly account: AccountState
  readonly network: NetworkState
  readonly send: SendState
  readonly transactions: TransactionsState
  readonly toast: ToastState
  /** The §8 alert to show (the project check, analytics answering 403), if any. */
  readonly alert: AlertState
  readonly names: NamesState
  readonly swap: SwapState
  readonly siwx: SiwxState
  readonly pairing: PairingState
  /** The email and social login flow (§4); `available` when `secureSiteUrl` is set. */
  readonly embedded: EmbeddedAuthState
}

export type RegisterNameErrorType = NameError
export type ValidateSendErrorType = SendValidationError
export type FetchWalletsErrorType = ApiError | WalletDirectoryUnavailableError
export type WalletRequestErrorType = ConnectionError | ConnectorNotFoundError | ConnectorError

/**
 * What `createAppKit` returns: the state (`getState`, `subscribe`) and every action as a Promise for apps
 * that do not use Effect. An action rejects with the core's tagged error itself (`_tag`, the §8 `message`,
 * `shortMessage`, `details`, `docsPath`); each action's `…ErrorType` lists what it can reject with.
 */
export interface AppKit {
  /**
   * Settles once the stored connections are reconnected or dropped (a silent wallet is dropped after 10 s;
   * at once with `reconnect: false`), after the services are built (after the page's first paint; getState is
   * right before that). Never rejects: when a layer cannot be built synchronously, that typed error is logged
   * and every action rejects with it.
   */
  readonly ready: Promise<void>
  /** The current state; the same object until something changes (React's useSyncExternalStore needs that). */
  getState(): AppKitState
  /**
   * The state a server renders: with `ssr`, the options' first state with nothing stored (disconnected), the
   * same object each time; without it, `getState()`. React's useSyncExternalStore reads it to hydrate.
   */
  getServerState(): AppKitState
  /**
   * `subscribe(listener)` calls on every change; `subscribe(selector, listener, { equalityFn, fireImmediately })`
   * only when the selected slice changes, with the new and the previous selection.
   */
  readonly subscribe: Subscribe<AppKitState>

  /** Opens the modal on `view`, or the view that fits (Connect, Account); `namespace` limits it to one namespace. */
  open(options?: OpenModalOptions): Promise<void>
  /** Resolves to false when closing is refused (ApproveTransaction, or sign-in required). */
  close(options?: { readonly force?: boolean | undefined }): Promise<boolean>
  toggle(): Promise<void>
  goBack(): Promise<void>
  push(view: View): Promise<void>
  replace(view: View): Promise<void>
  reset(view: View): Promise<void>
  pushTransaction(action: TransactionAction): Promise<void>
  finishTransaction(result: "success" | "cancel"): Promise<void>

  /** Connects a registered connector; rejects with a {@link ConnectErrorType}. */
  connect(connectorId: string): Promise<WalletConnections>
  /** Reconnects stored connections not connected in this instance (createAppKit already does it on creation). */
  reconnect(): Promise<void>
  /** Disconnects one namespace, or all; rejects with a {@link DisconnectErrorType}. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches to a requested network (a network object or its CAIP-2 id); rejects with a {@link SwitchNetworkErrorType}. */
  switchNetwork(network: AppKitNetwork | string): Promise<void>
  /** Signs a message with the connected account; rejects with a {@link SignMessageErrorType}. */
  signMessage(parameters: SignMessageParameters): Promise<SignMessageReturnType>
  /** An exact balance (bigint, decimals, symbol, formatted); rejects with a {@link GetBalanceErrorType}. */
  getBalance(parameters?: GetBalanceParameters): Promise<GetBalanceReturnType>
  /**
   * A transaction through the wallet of the network's namespace (eip155: eth_sendTransaction; solana: a SOL or
   * SPL transfer); resolves to its hash or signature; rejects with a {@link SendTransactionErrorType}.
   */
  sendTransaction(parameters: SendTransactionParameters & { readonly chainId: number }): Promise<Hash>
  sendTransaction(parameters: SendTransactionParameters): Promise<SendTransactionReturnType>
  /** A contract call through the connected wallet; resolves to the hash; rejects with a {@link WriteContractErrorType}. */
  writeContract<
    const abi extends Abi | ReadonlyArray<unknown>,
    functionName extends ContractFunctionName<abi, "nonpayable" | "payable">,
  >(parameters: WriteContractParameters<abi, functionName>): Promise<Hash>

  registerConnectors(connectors: ReadonlyArray<Connector>): Promise<void>
  setWallets(
    wallets: Partial<Pick<ConnectorsState, "featuredWallets" | "customWallets" | "listedWallets">>,
  ): Promise<void>
  addRecentWallet(wallet: RecentWallet): Promise<void>
  connectMethods(): Promise<ReadonlyArray<ConnectMethod>>
  socials(): Promise<ReadonlyArray<SocialProvider>>
  /** Email and social login through the embedded wallet (with `secureSiteUrl`). */
  readonly embedded: EmbeddedAuthActions

  setAccountTab(tab: AccountTab): Promise<void>
  /**
   * Loads balances of the namespace's account (the active namespace by default), through the §9 storage
   * caches; the eip155 native balance then comes from the network's node (as `getBalance` reads it). Never
   * rejects for a node that cannot be read: the indexer's figures stay.
   */
  refreshBalance(namespace?: ChainNamespace): Promise<void>
  refreshIdentity(): Promise<void>
  setPreferredAccountType<N extends keyof PreferredAccountTypes>(
    namespace: N,
    kind: NonNullable<PreferredAccountTypes[N]>,
  ): Promise<void>

  updateSend(patch: SendPatch): Promise<void>
  resetSend(): Promise<void>
  /** The §5 send checks on the active namespace; rejects with a {@link ValidateSendErrorType}. */
  validateSend(): Promise<ValidSend>
  /**
   * Sends what the send form holds through the connected wallet and waits for the receipt (§9: 25 s);
   * rejects with a {@link SubmitSendErrorType}.
   */
  submitSend(): Promise<SendOutcome>
  /**
   * Fills the send form's amount with the most it can send and resolves to it: a token's whole balance, the
   * native coin's less the network fee of sending it; rejects with a {@link SetSendMaxErrorType}
   * (FeeExceedsBalanceError, the amount then 0, when the balance does not cover the fee).
   */
  setSendMax(): Promise<string>
  /** The address a receiver name holds on the active eip155 network (undefined for an address); rejects 'Error resolving name'. */
  resolveReceiver(receiver: string): Promise<string | undefined>
  /** The active network's swap tokens with the connected account's balance of each (held ones first). */
  swapTokens(): Promise<ReadonlyArray<SwapTokenChoice>>
  /** A swap quote on the active network (§1: the 12 swap networks) for the connected eip155 account. */
  quoteSwap(parameters: QuoteSwapParameters): Promise<SwapQuote>
  /** Executes the last quote through the connected wallet: approve when needed, swap, receipts (25 s), balances. */
  executeSwap(): Promise<SwapOutcome>
  /**
   * The most of `from` the swap form can sell for `to`: a token's whole balance, the native coin's less the
   * swap's network fee; rejects with FeeExceedsBalanceError when the balance does not cover that fee.
   */
  swapMax(parameters: Pick<QuoteSwapParameters, "from" | "to">): Promise<string>
  /**
   * Buying crypto with fiat for the connected account: closed in the §1 restricted time zones; resolves to the
   * quote (or the labelled mock), the 1–2 % fee range and the provider URL to open in a new window.
   */
  prepareOnramp(parameters: PrepareOnrampParameters): Promise<PreparedOnramp>

  /**
   * The §8 alert the project's configuration calls for (checked with the Wallet API), if any: with `origin`
   * (the page's `location.origin`) also 'Invalid App Configuration' when it is not on the project's
   * allowlist (§6). Never rejects.
   */
  checkProjectConfig(origin?: string): Promise<AlertKey | undefined>
  /** One page of the wallet directory (§9: 40 a page, 100 when searching); rejects with a {@link FetchWalletsErrorType}. */
  fetchWallets(request: WalletPageRequest): Promise<WalletPage>
  /** The URL of a directory wallet's image (the Wallet API's, with the SDK parameters); none without a Wallet API. */
  walletImageUrl(imageId: string): string | undefined
  /** Sends an EIP-1193 request to the namespace's connected wallet (the RPC allowlist applies); rejects with a {@link WalletRequestErrorType}. */
  walletRequest(namespace: ChainNamespace, request: RpcRequest): Promise<unknown>

  /** Hides the §8 alert shown in `alert`. */
  dismissAlert(): Promise<void>
  showToast(toast: ToastInput): Promise<void>
  hideToast(): Promise<void>
  /** Signs in (SIWX) with the connected account; rejects with a {@link SignInErrorType}. */
  signIn(): Promise<void>
  cancelSignIn(): Promise<void>
  /** Registers a name (§4); resolves to the full name; rejects with a {@link RegisterNameErrorType}. */
  registerName(name: string): Promise<string>
  fetchTransactions(): Promise<void>
  setFeatures(features: Partial<Features>): Promise<void>
  /** Stops every fiber and releases the services. */
  dispose(): Promise<void>
}
