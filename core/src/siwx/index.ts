// @appkit/core/siwx: sign-in with a wallet (CAIP-122 / EIP-4361): messages, parsing, verification (EIP-191,
// EIP-1271), nonces, the session store, and the SiwxClient port createAppKit's sign-in flow uses.

export { isDateTime, parseDateTime } from "./dateTime"
export { type Eip155SiwxConfig, eip155SiwxClient } from "./Eip155SiwxClient"
export { hashPersonalMessage, recoverPersonalSignAddress } from "./eip191"
export { generateSiweNonce } from "./nonce"
export { parseSiweMessage } from "./parseSiweMessage"
export { createSiweMessage, formatSiweMessage, InvalidSiweMessage, SiweMessage } from "./SiweMessage"
export { SiwxClient, type SiwxClientError, SiwxSessionsUnavailableError } from "./SiwxClient"
export {
  formatSiwxMessage,
  siweMessageFromSiwx,
  siwxDataFromSiwe,
  UnsupportedSiwxNamespace,
} from "./SiwxMessage"
export { SiwxSessionStore, siwxStorageKey } from "./SiwxSessionStore"
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
  type VerifySiweOptions,
  verifySiweMessage,
} from "./verifySiweMessage"
