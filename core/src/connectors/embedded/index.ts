// The embedded wallet (email and social login through the secure site's frame). Reached through the
// `@appkit/core/embedded` entry or a dynamic import, never from the main entry: a dApp that only connects
// browser wallets does not download it.
export { EmbeddedWalletUser, EvmAccountType } from "../../domain/account"
export { Email } from "../../validation/email"
export { Otp } from "../../validation/otp"
export { mountSecureFrame, type SecureFrame, secureFramePageUrl } from "./browserFrame"
export {
  accountTypeObjects,
  connectionOf,
  type EmbeddedConnector,
  type EmbeddedConnectorError,
  makeEmbeddedConnector,
} from "./EmbeddedConnector"
export {
  type EmbeddedWallet,
  type EmbeddedWalletError,
  type EmbeddedWalletOptions,
  type LoginContext,
  makeEmbeddedWallet,
  type SocialPopup,
} from "./EmbeddedWallet"
export {
  type FrameMessenger,
  type FrameMessengerError,
  type FrameMessengerOptions,
  type FramePort,
  makeFrameMessenger,
} from "./FrameMessenger"
export {
  type EmbeddedWalletSetup,
  type LoadedEmbeddedWallet,
  loadEmbeddedWallet,
} from "./loadEmbeddedWallet"
export {
  claimedRequestId,
  type IgnoredCounts,
  type IgnoredKind,
  type IgnoredMessages,
  makeIgnoredMessages,
  screenMessage,
  type Verdict,
  type WindowMessage,
} from "./messageGuard"
export {
  AppMessage,
  ConnectEmailAction,
  decodeAppMessage,
  decodeFrameMessage,
  decodeFrameResponse,
  decodePopupMessage,
  EMBEDDED_PROTOCOL,
  FrameChainId,
  FrameMessage,
  FrameRequest,
  type FrameRequestOf,
  type FrameRequestTag,
  type FrameResponseOf,
  FrameResponses,
  frameMessage,
  OAuthProvider,
  PopupMessage,
  RequestId,
} from "./protocol"
export { type RequestPolicy, requestPolicy } from "./requestPolicy"
