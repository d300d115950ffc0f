import { base64 } from "@scure/base"
import { Effect, Result, Schema } from "effect"
import { normalizedOf, Refusal } from "../../validation/address/AddressCheck"
import { decodeBech32 } from "../../validation/address/bech32"
import { checkCosmosAddress } from "../../validation/address/cosmos"
import type { WalletRequest } from "../walletRequest"
import { cosmosAddressOf } from "./address"
import { type CosmosSignatureError, cosmosError } from "./errors"
import { decodeReply } from "./replies"
import { Base64String } from "./signDoc"

/** A key the wallet can sign with, as cosmjs `AccountData` holds it. */
export interface CosmosAccount {
  readonly algo: string
  readonly address: string
  readonly pubkey: Uint8Array
}

const AccountsReply = Schema.Array(
  Schema.Struct({ algo: Schema.String, address: Schema.String, pubkey: Base64String }),
)

/**
 * The wallet's accounts on the session's cosmos chain (cosmos_getAccounts), checked: each address is a cosmos
 * account and, for secp256k1 keys, the address of its public key — so later signatures can be tied to it.
 */
export const getCosmosAccounts = <E>(
  request: WalletRequest<E>,
): Effect.Effect<ReadonlyArray<CosmosAccount>, E | CosmosSignatureError> =>
  Effect.gen(function* () {
    const accounts = yield* decodeReply(AccountsReply)(
      yield* request({ method: "cosmos_getAccounts", params: {} }),
    )
    return yield* Effect.forEach(accounts, ({ algo, address, pubkey }) => {
      const checked = checkCosmosAddress(address)
      if (checked instanceof Refusal) return Effect.fail(cosmosError("invalidReply", checked.message))
      const key = base64.decode(pubkey)
      const prefix = Result.getOrThrow(decodeBech32(address)).prefix
      if (
        algo === "secp256k1" &&
        (key.length !== 33 || cosmosAddressOf(key, prefix) !== normalizedOf(checked))
      )
        return Effect.fail(cosmosError("invalidReply", `the key of ${address} is not its key`))
      return Effect.succeed({ algo, address, pubkey: key })
    })
  })
