import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import type { InvalidSiweMessage } from "./SiweMessage"

/** Why a signed sign-in message (CAIP-122, any namespace) was not accepted; each carries a one-line message. */
const failure = { message: Schema.String }
export class SiweDomainMismatch extends AppKitError(
  Schema.TaggedError<SiweDomainMismatch>()("SiweDomainMismatch", failure),
  { topic: "SIWE domain mismatch" },
) {}
export class SiweSchemeMismatch extends AppKitError(
  Schema.TaggedError<SiweSchemeMismatch>()("SiweSchemeMismatch", failure),
  { topic: "SIWE scheme mismatch" },
) {}
export class SiweNonceMismatch extends AppKitError(
  Schema.TaggedError<SiweNonceMismatch>()("SiweNonceMismatch", failure),
  { topic: "SIWE nonce mismatch" },
) {}
export class SiweExpired extends AppKitError(Schema.TaggedError<SiweExpired>()("SiweExpired", failure), {
  topic: "SIWE message expired",
}) {}
export class SiweNotYetValid extends AppKitError(
  Schema.TaggedError<SiweNotYetValid>()("SiweNotYetValid", failure),
  { topic: "SIWE message not yet valid" },
) {}
export class SiweInvalidSignature extends AppKitError(
  Schema.TaggedError<SiweInvalidSignature>()("SiweInvalidSignature", failure),
  { topic: "SIWE invalid signature" },
) {}
/** The message names another chain than the one the sign-in is for (a message signed for one chain is not one for another). */
export class SiwxChainMismatch extends AppKitError(
  Schema.TaggedError<SiwxChainMismatch>()("SiwxChainMismatch", failure),
  { topic: "Sign-in chain mismatch" },
) {}
/** The EIP-1271 RPC could not be reached: not a verdict on the signature. */
export class SiweRpcError extends AppKitError(Schema.TaggedError<SiweRpcError>()("SiweRpcError", failure), {
  topic: "SIWE RPC error",
}) {}
/** A bad `time` option: a caller error, not a verdict on the message. */
export class InvalidVerifyTime extends AppKitError(
  Schema.TaggedError<InvalidVerifyTime>()("InvalidVerifyTime", failure),
  { topic: "Invalid verify time" },
) {}
/** The CAIP-122 data or the chain names a namespace that has no sign-in message here yet. */
export class UnsupportedSiwxNamespace extends AppKitError(
  Schema.TaggedError<UnsupportedSiwxNamespace>()("UnsupportedSiwxNamespace", failure),
  { topic: "Unsupported sign-in namespace" },
) {}

export type SiweVerificationError =
  | InvalidSiweMessage
  | SiweDomainMismatch
  | SiweSchemeMismatch
  | SiweNonceMismatch
  | SiweExpired
  | SiweNotYetValid
  | SiweInvalidSignature
  | SiwxChainMismatch
  | SiweRpcError
  | InvalidVerifyTime
