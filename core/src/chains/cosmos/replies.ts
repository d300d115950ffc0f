import { Effect, Result, Schema } from "effect"
import { Refusal } from "../../validation/address/AddressCheck"
import { checkCosmosAddress } from "../../validation/address/cosmos"
import { type CosmosSignatureError, cosmosError } from "./errors"

/** An amino StdSignDoc's shape (numbers as decimal strings); message values stay free-form JSON. */
export const AminoSignDocShape = Schema.Struct({
  chain_id: Schema.String,
  account_number: Schema.String.check(Schema.isPattern(/^\d+$/, { expected: "a decimal string" })),
  sequence: Schema.String.check(Schema.isPattern(/^\d+$/, { expected: "a decimal string" })),
  fee: Schema.Struct({
    amount: Schema.Array(Schema.Struct({ denom: Schema.String, amount: Schema.String })),
    gas: Schema.String,
  }),
  msgs: Schema.Array(Schema.Struct({ type: Schema.String, value: Schema.Unknown })),
  memo: Schema.String,
})

/** Decodes a wallet's reply with `schema`; anything else is an invalidReply naming what was wrong. */
export const decodeReply =
  <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  (reply: unknown): Effect.Effect<S["Type"], CosmosSignatureError> =>
    Effect.fromResult(
      Result.mapError(Schema.decodeUnknownResult(schema)(reply), (issue) =>
        cosmosError("invalidReply", String(issue)),
      ),
    )

/**
 * Refuses a signer that is not a cosmos account address, or not one of `chainId` (a well-known chain's bech32
 * prefix: osmo1… is no cosmoshub-4 signer, and wallets such as Keplr refuse it), before the wallet is asked.
 */
export const checkSigner = (address: string, chainId?: string): Effect.Effect<void, CosmosSignatureError> => {
  const checked = checkCosmosAddress(address, chainId)
  return checked instanceof Refusal
    ? Effect.fail(
        cosmosError(
          "invalidAddress",
          `${address}: ${checked.message.replace(/^Invalid cosmos address: /, "")}`,
        ),
      )
    : Effect.void
}
