import { type Result, Schema } from "effect"
import { AppKitError } from "../../domain/appKitError"
import { ChainNamespace } from "../../domain/namespace"
import type { ValidAddress } from "./checked"

export {
  type Accepted,
  accept,
  type Checked,
  normalizedOf,
  Refusal,
  type ValidAddress,
} from "./checked"

/** Why an address was refused; `message` is what a user sees (bip122 uses §5's exact 'Invalid address'). */
export class InvalidAddress extends AppKitError(
  Schema.TaggedError<InvalidAddress>()("InvalidAddress", {
    namespace: Schema.NullOr(ChainNamespace),
    message: Schema.String,
  }),
) {}

/** A check in Result form, the tagged error included (what the public decoders return for their shapes). */
export type AddressCheck = Result.Result<ValidAddress, InvalidAddress>
