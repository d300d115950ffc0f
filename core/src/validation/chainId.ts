import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * Name registration (§5, §7 POST /v1/profile/account) sends an ENSIP-11 coin type for the EVM chain:
 * the chain id with the top bit of a uint32 set. That only works for chain ids below 2^31, hence the
 * limit and the catalogue's exact message 'Invalid chainId'.
 */
export const REGISTRATION_CHAIN_ID_LIMIT = 2 ** 31

export class InvalidChainIdError extends AppKitError(
  Schema.TaggedError<InvalidChainIdError>()("InvalidChainIdError", {
    chainId: Schema.Number,
  }),
  { topic: "Invalid chain id" },
) {
  override get message() {
    return "Invalid chainId"
  }
}

export const RegistrationChainId = Schema.Int.check(
  Schema.isBetween(
    { minimum: 0, maximum: REGISTRATION_CHAIN_ID_LIMIT - 1 },
    { expected: "an integer chain id below 2^31" },
  ),
).annotate({ identifier: "RegistrationChainId" })
export type RegistrationChainId = typeof RegistrationChainId.Type

export const isRegistrationChainId = (chainId: number): chainId is RegistrationChainId =>
  Number.isInteger(chainId) && chainId >= 0 && chainId < REGISTRATION_CHAIN_ID_LIMIT

/** ENSIP-11: coinType = 0x80000000 | chainId, as an unsigned 32-bit number. */
export const evmChainIdToCoinType = (chainId: number): Result.Result<number, InvalidChainIdError> =>
  isRegistrationChainId(chainId)
    ? Result.succeed((REGISTRATION_CHAIN_ID_LIMIT | chainId) >>> 0)
    : Result.fail(new InvalidChainIdError({ chainId }))
