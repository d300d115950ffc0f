import { Schema } from "effect"
import type { InvalidSiweMessage } from "./SiweMessage"

/**
 * The verdicts of verifySiweMessage, apart from it: whoever only matches them (the sign-in client) does not
 * load the verifier's secp256k1 and EIP-1271 code until a signature is actually checked.
 */
const failure = { message: Schema.String }
export class SiweDomainMismatch extends Schema.TaggedError<SiweDomainMismatch>()(
  "SiweDomainMismatch",
  failure,
) {}
export class SiweSchemeMismatch extends Schema.TaggedError<SiweSchemeMismatch>()(
  "SiweSchemeMismatch",
  failure,
) {}
export class SiweNonceMismatch extends Schema.TaggedError<SiweNonceMismatch>()(
  "SiweNonceMismatch",
  failure,
) {}
export class SiweExpired extends Schema.TaggedError<SiweExpired>()("SiweExpired", failure) {}
export class SiweNotYetValid extends Schema.TaggedError<SiweNotYetValid>()("SiweNotYetValid", failure) {}
export class SiweInvalidSignature extends Schema.TaggedError<SiweInvalidSignature>()(
  "SiweInvalidSignature",
  failure,
) {}
/** The EIP-1271 RPC could not be reached: not a verdict on the signature. */
export class SiweRpcError extends Schema.TaggedError<SiweRpcError>()("SiweRpcError", failure) {}
/** A bad `time` option: a caller error, not a verdict on the message. */
export class InvalidVerifyTime extends Schema.TaggedError<InvalidVerifyTime>()(
  "InvalidVerifyTime",
  failure,
) {}

export type SiweVerificationError =
  | InvalidSiweMessage
  | SiweDomainMismatch
  | SiweSchemeMismatch
  | SiweNonceMismatch
  | SiweExpired
  | SiweNotYetValid
  | SiweInvalidSignature
  | SiweRpcError
  | InvalidVerifyTime
