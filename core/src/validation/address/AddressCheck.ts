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

/** A check in Result form, the tagged error included (what the public decoders return for their shapes). */
export type AddressCheck = Result.Result<ValidAddress, InvalidAddress>

/**
 * A refusal as plain data. Auto-detection tries up to four namespaces on one input and refuses most of
 * them, and an Error captures a stack trace that cost more than the check itself (59 µs for junk in the
 * bip122 try alone), so the validators return this and the tagged `InvalidAddress` is built only where a
 * caller asks for one (`decodeBitcoinAddress`, `decodeSs58`).
 */
export class Refusal {
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

/**
 * A validator's acceptance. `normalized` is a function where spelling the canonical form costs real work
 * that a yes/no caller (`isValidAddress`) does not want: EIP-55 of single-case EVM input is a keccak hash.
 */
export interface Accepted {
  readonly normalized: string | (() => string)
  readonly network: string | null
  readonly type: string | null
}

export type Checked = Accepted | Refusal

export const accept = (
  normalized: string | (() => string),
  network: string | null = null,
  type: string | null = null,
): Accepted => ({ normalized, network, type })

/** The canonical spelling, worked out now if the validator deferred it. */
export const normalizedOf = (accepted: Accepted): string =>
  typeof accepted.normalized === "string" ? accepted.normalized : accepted.normalized()
