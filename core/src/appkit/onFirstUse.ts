// Everything createAppKit loads on first use, fetched as one chunk: the facade's actions, the start-up (remote
// features, analytics), the project check, the API clients, the sign-in client and the code of the
// card-provider and embedded connectors. One lazy boundary rather than one per part: every boundary splits the
// modules it shares with the entry into chunks of their own, and each costs the page a download (see
// bench/coreInitialModules.bench.ts). The WalletConnect connector is the exception (walletConnectLayer loads
// it): an app of browser wallets, which never configures it, must never download its code.
export { analyticsLayer } from "../api/analytics/analyticsLayer"
export { apiLayer } from "../api/layer"
export { makeCardProviderConnector } from "../connectors/cardProvider/cardProviderConnector"
export { ApiConfig } from "../http/ApiConfig"
export { SiwxSessionStore } from "../siwx/SiwxSessionStore"
export { siwxClient } from "../siwx/siwxClientLayer"
export { checkProject } from "../state/projectCheck"
export { getBalance } from "./actions/getBalance"
export { prepareOnramp } from "./actions/onramp"
export { setSendMax } from "./actions/sendMax"
export { sendTransaction } from "./actions/sendTransaction"
export { signMessage } from "./actions/signMessage"
export { refreshNodeBalance, resolveReceiver, submitSend } from "./actions/submitSend"
export { executeSwap, quoteSwap, swapMax, swapTokenChoices } from "./actions/swap"
export { writeContract } from "./actions/writeContract"
export { makeEmbeddedLoader } from "./embeddedLoader"
export { startUp } from "./startUp"
