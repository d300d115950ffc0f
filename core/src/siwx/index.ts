// @appkit/core/siwx: sign-in with a wallet (CAIP-122: EIP-4361 for eip155, Sign-In With Solana): messages,
// parsing, verification (EIP-191, EIP-1271, ed25519), nonces, the session store, and the SiwxClient port
// createAppKit's sign-in flow uses.

export type { ClaimOptions } from "./claims"
export { isDateTime, parseDateTime } from "./dateTime"
export { hashPersonalMessage, recoverPersonalSignAddress } from "./eip191"
export { checkEip1271Signature, type Eip1271Outcome } from "./eip1271"
export {
  InvalidVerifyTime,
  SiweDomainMismatch,
  SiweExpired,
  SiweInvalidSignature,
  SiweNonceMismatch,
  SiweNotYetValid,
  SiweRpcError,
  SiweSchemeMismatch,
  type SiweVerificationError,
  SiwxChainMismatch,
  UnsupportedSiwxNamespace,
} from "./errors"
export { generateSiweNonce } from "./nonce"
export { parseSiweMessage } from "./parseSiweMessage"
export { createSiweMessage, formatSiweMessage, InvalidSiweMessage, SiweMessage } from "./SiweMessage"
export { SiwxClient, type SiwxClientError, SiwxSessionsUnavailableError } from "./SiwxClient"
export { formatSiwxMessage, siweMessageFromSiwx, siwxDataFromSiwe } from "./SiwxMessage"
export { SiwxSessionStore, siwxStorageKey } from "./SiwxSessionStore"
export { type SiwxConfig, siwxClient } from "./siwxClientLayer"
export {
  createSolanaSiwxMessage,
  formatSolanaSiwxMessage,
  parseSolanaSiwxMessage,
  SolanaSiwxMessage,
  solanaSiwxMessageFromSiwx,
} from "./solana/SolanaSiwxMessage"
export { verifySolanaSiwxMessage } from "./solana/verifySolanaSiwxMessage"
export { type VerifySiweOptions, verifySiweMessage } from "./verifySiweMessage"
export { type VerifySessionOptions, verifySiwxMessage, verifySiwxSession } from "./verifySiwxSession"
