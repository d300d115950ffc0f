import { type Result, Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { ChainNamespace } from "../../domain/namespace"

/** What a namespace validator learned about a good address. */
export interface ValidAddress {
  /** The canonical spelling: EIP-55 for eip155, lowercase for bech32, unchanged for base58. */
  readonly normalized: string
  readonly network: string | null
  readonly type: string | null
}

/** Why an address was refused; `message` is what a user sees (bip122 uses §5's exact 'Invalid address'). */
export class InvalidAddress extends AppKitError(
  Schema.TaggedError<InvalidAddress>()("InvalidAddress", {
    namespace: Schema.NullOr(ChainNamespace),
    message: Schema.String,
  }),
) {}

/** Every namespace validator returns this, so the entry point can treat them alike. */
export type AddressCheck = Result.Result<ValidAddress, InvalidAddress>
