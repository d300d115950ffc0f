import { Schema } from "effect"

/**
 * Small building blocks shared by the §3 entity schemas. Each exists because several entities need the
 * same precise type; anything used once is written where it is used.
 */

/** An RFC 3339 / ISO 8601 timestamp with a time zone, as APIs and sign-in messages carry them. */
export const IsoDateTime = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/, {
    expected: "an ISO 8601 timestamp such as 2024-01-01T00:00:00Z",
  }),
).annotate({ identifier: "IsoDateTime" })
export type IsoDateTime = typeof IsoDateTime.Type

/** Milliseconds since the Unix epoch (cache timestamps, pairing expiry). */
export const EpochMillis = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({
  identifier: "EpochMillis",
})
export type EpochMillis = typeof EpochMillis.Type

/** A count or an index: an integer >= 0. */
export const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A 0x-prefixed hex string (signatures, calldata). */
export const HexString = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]*$/, { expected: "a 0x-prefixed hex string" }),
).annotate({ identifier: "HexString" })
export type HexString = typeof HexString.Type
