export type { ClaimOptions } from "./claims"
export { isDateTime, parseDateTime } from "./dateTime"
export { hashPersonalMessage, recoverPersonalSignAddress } from "./eip191"
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
} from "./errors"
export { generateSiweNonce } from "./nonce"
export { parseSiweMessage } from "./parseSiweMessage"
export { createSiweMessage, formatSiweMessage, InvalidSiweMessage, SiweMessage } from "./SiweMessage"
export {
  formatSiwxMessage,
  siweMessageFromSiwx,
  siwxDataFromSiwe,
  solanaSiwxMessageFromSiwx,
  UnsupportedSiwxNamespace,
} from "./SiwxMessage"
export { SiwxSessionStore, siwxStorageKey } from "./SiwxSessionStore"
export { type SiwxConfig, siwxClient } from "./siwxClient"
export {
  createSolanaSiwxMessage,
  formatSolanaSiwxMessage,
  parseSolanaSiwxMessage,
  SolanaSiwxMessage,
} from "./solana/SolanaSiwxMessage"
export { verifySolanaSiwxMessage } from "./solana/verifySolanaSiwxMessage"
export { type VerifySiweOptions, verifySiweMessage } from "./verifySiweMessage"
export { type VerifySessionOptions, verifySiwxSession } from "./verifySiwxSession"
