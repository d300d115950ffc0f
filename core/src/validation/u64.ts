import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/** U64 values (§5) lie in 0..2^64-1: nonces, gas and satoshi counts that must not overflow. */
export const U64_MAX = 2n ** 64n - 1n

export const U64 = Schema.BigInt.check(
  Schema.isBetweenBigInt({ minimum: 0n, maximum: U64_MAX }, { expected: "an integer from 0 to 2^64-1" }),
).annotate({ identifier: "U64" })
export type U64 = typeof U64.Type

export const isU64 = (value: bigint): value is U64 => value >= 0n && value <= U64_MAX

export class InvalidU64Error extends AppKitError(
  Schema.TaggedError<InvalidU64Error>()("InvalidU64Error", {
    input: Schema.String,
  }),
  { topic: "Invalid U64" },
) {
  override get message() {
    return `Invalid U64 '${this.input}': expected a decimal integer from 0 to ${U64_MAX}`
  }
}

/** Decimal digits → U64. Signs, spaces, hex and values past 2^64-1 are errors, never wrapped. */
export const parseU64 = (input: string): Result.Result<U64, InvalidU64Error> => {
  if (!/^\d+$/.test(input)) return Result.fail(new InvalidU64Error({ input }))
  const value = BigInt(input)
  return isU64(value) ? Result.succeed(value) : Result.fail(new InvalidU64Error({ input }))
}
