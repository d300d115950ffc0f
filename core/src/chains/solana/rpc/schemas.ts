import { Schema, SchemaGetter } from "effect"
import { U64 } from "../../../validation/u64"

/**
 * The shapes of the Solana node answers the adapter reads, decoded at the boundary. Integers arrive as JSON
 * numbers, or as exact digit strings when beyond 2^53 (see parseJsonExact); both decode to a U64 bigint.
 */
export const WireU64 = Schema.Union([
  Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  Schema.String.check(Schema.isPattern(/^\d{1,20}$/, { expected: "a decimal integer" })),
]).pipe(
  Schema.decodeTo(U64, {
    decode: SchemaGetter.transform((value) => BigInt(value)),
    encode: SchemaGetter.transform((value) => value.toString()),
  }),
)

const withContext = <S extends Schema.Top>(value: S) =>
  Schema.Struct({ context: Schema.Struct({ slot: WireU64 }), value })

const Base58 = Schema.String.check(
  Schema.isPattern(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/, { expected: "base58 text" }),
)

export const BalanceResult = withContext(WireU64)

export const BlockhashValidResult = withContext(Schema.Boolean)

export const LatestBlockhashResult = withContext(
  Schema.Struct({ blockhash: Base58, lastValidBlockHeight: WireU64 }),
)

export const AccountInfoResult = withContext(
  Schema.NullOr(
    Schema.Struct({
      data: Schema.Tuple([Schema.String, Schema.Literal("base64")]),
      executable: Schema.Boolean,
      lamports: WireU64,
      owner: Base58,
    }),
  ),
)
export type AccountInfo = NonNullable<(typeof AccountInfoResult.Type)["value"]>

/** One token account as getTokenAccountsByOwner's jsonParsed encoding describes it (fields we read). */
export const ParsedTokenAccount = Schema.Struct({
  pubkey: Base58,
  account: Schema.Struct({
    owner: Base58,
    data: Schema.Struct({
      parsed: Schema.Struct({
        type: Schema.Literal("account"),
        info: Schema.Struct({
          mint: Base58,
          owner: Base58,
          /** "frozen" when the mint's freeze authority froze it: it cannot send. */
          state: Schema.optionalKey(Schema.String),
          tokenAmount: Schema.Struct({
            amount: Schema.String.check(Schema.isPattern(/^\d{1,20}$/, { expected: "a decimal integer" })),
            decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 255 })),
          }),
        }),
      }),
    }),
  }),
})
export const TokenAccountsResult = withContext(Schema.Array(ParsedTokenAccount))

export const SimulationResult = withContext(
  Schema.Struct({
    err: Schema.Unknown,
    logs: Schema.NullOr(Schema.Array(Schema.String)),
    unitsConsumed: Schema.optionalKey(WireU64),
  }),
)

export const SignatureStatusesResult = withContext(
  Schema.Array(
    Schema.NullOr(
      Schema.Struct({
        slot: WireU64,
        err: Schema.Unknown,
        confirmationStatus: Schema.NullOr(Schema.Literals(["processed", "confirmed", "finalized"])),
      }),
    ),
  ),
)
export type SignatureStatus = NonNullable<(typeof SignatureStatusesResult.Type)["value"][number]>

export const SignatureResult = Base58
