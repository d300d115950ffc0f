/**
 * Test support only (not exported): the user-facing texts of the spec (§2 views and Bitcoin selector, §5
 * validation, §8 catalogue), copied word for word from it, in one place. Tests assert what the code shows
 * or raises against this table, never against the catalogue's own constants, so a word changed in the
 * code fails a test instead of changing the expectation with it. `{x}` placeholders are functions.
 */
export const specTexts = {
  /** §8 Toasts. */
  toasts: {
    authInitFailed: "A problem occurred while trying initialize authentication",
    signatureDeclined: "Signature declined",
    smartAccountsUnsupported: "This application might not support Smart Accounts",
    tokenBalanceUnavailable: "Token Balance Unavailable",
    authenticating: "Authenticating...",
    transactionsFetchFailed: "Failed to fetch transactions",
  },
  /** §8 Alerts: the short title the modal shows. */
  alerts: {
    networkNotFound: "Network Not Found",
    originNotAllowed: "Invalid App Configuration",
    iframeLoadFailed: "Network Error - Could not load embedded wallet",
    iframeRequestTimeout: "Embedded Wallet Request Timed Out",
    unverifiedDomain: "Invalid App Configuration",
    jwtTokenNotValid: "Session Expired",
    invalidProjectId: "Invalid Project ID",
    projectIdNotConfigured: "Project ID Not Configured",
  },
  /** §8: what the services answer with, and the alert each stands for. */
  serverMessages: {
    originNotAllowed: "Unauthorized: origin not allowed",
    jwtTokenNotValid: "JWT validation error: JWT Token is not yet valid",
    invalidProjectId: "Unauthorized: invalid key",
  },
  /** §8 Thrown by the controllers, chains and connectors. */
  connection: {
    chainAdapterNotFound: "Chain adapter not found",
    networkClientNotSet: "NetworkController client not set",
    connectionClientNotSet: "ConnectionController client not set",
    chainNotConfigured: "Chain not configured.",
    connectorAlreadyConnected: "Connector already connected.",
    connectorNotConnected: "Connector not connected.",
    networkNotFound: "Network not found",
    addressOrAuthConnectorNotFound: "Address or auth connector not found",
  },
  chainRequired: (action: string) => `Chain is required to ${action}`,
  /** §8 Thrown: swaps and gas price need a supported network (§5). */
  swap: {
    gasPriceNetworkUnsupported: "Network not supported for Gas Price",
    swapNetworkUnsupported: "Network not supported for Swaps",
  },
  /** §8 Thrown by the name service. */
  names: {
    resolve: "Error resolving name",
    suggestions: "Error fetching name suggestions",
    namesForAddress: "Error fetching names for address",
    register: "Error registering name",
  },
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  /** §8 Embedded frame. */
  frame: {
    rpcAborted: "Request was aborted",
    otherAborted: "Something went wrong",
    defaultError: "An error occurred",
  },
  /** §5 Validation rules. */
  siwx: {
    notEnabled: "SIWX is not enabled",
    noActiveAddress: "No ActiveCaipAddress found",
    noActiveNetwork: "No ActiveCaipNetwork or client found",
    noConnectionClient: "No ConnectionController client found",
  },
  send: {
    amountAndReceiverRequired: "An amount and receiver address are required",
    tokenRequired: "A token is required",
  },
  invalidChainId: "Invalid chainId",
  emailCooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  rpc: {
    methodNotAllowed: "Requested RPC call is not allowed",
    actionNotAllowed: "Action not allowed",
  },
  /** §5 and §8 Bitcoin layer and Bitcoin connectors. */
  bitcoin: {
    providerSelectionFailed: "Failed to select the provider. User may have cancelled the selection prompt.",
    nullResponse: "Wallet Error processing the request",
    noWalletsDetected: "No wallets detected, may want to prompt user to install a wallet.",
    selectorNotDetected: "Failed to detect the wallet provider selector.",
    walletCallNotSupported: "Wallet call is not supported",
    methodNotSupportedBySelectedWallet: "Method not supported by the selected wallet",
    noWalletProvider: "no wallet provider was found",
    noWalletProviderSelected: "No wallet provider selected...",
    chainNotFound: "Chain not found",
    noAccountFound: "No account found",
    noResponse: "No response from wallet",
    noActiveNetwork: "No active network available",
    noAccountAvailable: "No account available",
    noAddressAvailable: "No address available",
    accountNotFound: "Account not found",
    addressNotFound: "Address not found",
    invalidAmount: "Invalid amount",
    invalidAddress: "Invalid address",
    singleRecipientOnly: "Only one recipient is supported by this wallet provider",
    pairingMessageTooLong: "The message must not exceed 80 characters.",
  },
  bitcoinMethodNotSupported: (method: string) => `Method ${method} is not supported`,
  xverseNetworkUnsupported: (network: string) => `Network ${network} not supported by Xverse wallet`,
  /** §2 The Bitcoin wallet selector. */
  selector: {
    headingInstalled: "Choose wallet to connect",
    subtextInstalled: "Start by selecting one of the wallets below and confirming the connection.",
    headingNone: "Don't have a wallet?",
    subtextNone: "Start by installing one of the wallets below.",
    explainerTitle: "What is a wallet?",
    explainerBody:
      "Wallets let you send, receive, store and display digital assets like Bitcoin, Stacks, Ordinals & NFTs.",
    explainerFooter: "Explore Bitcoin apps by connecting your wallet.",
    installTitle: (wallet: string) => `Don't have ${wallet}?`,
    installBody: "Download it on the Chrome web store.",
    installButton: "Get",
    openingTitle: (wallet: string) => `Opening ${wallet}...`,
    openingBody: (wallet: string) => `Confirm the operation in ${wallet}`,
  },
  /** §2 The connect modal's views. */
  views: [
    "Connect",
    "Account",
    "AllWallets",
    "ConnectingWalletConnectBasic",
    "ConnectingWalletConnect",
    "ConnectingExternal",
    "ConnectingSiwe",
    "ConnectingFarcaster",
    "SIWXSignMessage",
    "ApproveTransaction",
    "UnsupportedChain",
    "RegisterAccountName",
    "RegisterAccountNameSuccess",
  ],
} as const
