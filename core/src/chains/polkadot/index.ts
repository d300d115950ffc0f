// @appkit/core/polkadot: signing with Polkadot wallets over WalletConnect and checking what they signed.
// A subpath of its own, so an app that never connects Polkadot never loads sr25519.
export type { WalletRequest } from "../walletRequest"
export { polkadotAccountKey } from "./account"
export { PolkadotSignatureError, polkadotMessages } from "./errors"
export { isWrappedPolkadotMessage, wrapPolkadotMessage } from "./messageWrapping"
export { PolkadotSignatureReply, PolkadotSignerPayload } from "./signerPayload"
export {
  polkadotSignatureOf,
  polkadotSignMessageRequest,
  type SignedPolkadotMessage,
  signPolkadotMessage,
} from "./signMessage"
export { type SignedPolkadotTransaction, signPolkadotTransaction } from "./signTransaction"
export {
  type PolkadotSignatureScheme,
  type VerifiedPolkadotSignature,
  verifyPolkadotSignature,
} from "./verifySignature"
