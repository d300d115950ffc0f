import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * Why a purchase with fiat (§1) cannot go ahead. The §8 catalogue has no text for these; each names the
 * choices that would work, since the user picked from lists the provider serves.
 */

/** §1: the flow is closed to the restricted time zones (mainland China, Hong Kong, Macau); the host learns which. */
export class OnrampRestrictedError extends AppKitError(
  Schema.TaggedError<OnrampRestrictedError>()("OnrampRestrictedError", { timeZone: Schema.String }),
  { topic: "Buying crypto is not available in this region", details: (error) => error.timeZone },
) {
  override get message(): string {
    return "Buying crypto is not available in this region"
  }
}

/** A fiat amount: digits with at most two decimals ("50", "99.50"). */
export class InvalidFiatAmountError extends AppKitError(
  Schema.TaggedError<InvalidFiatAmountError>()("InvalidFiatAmountError", { amount: Schema.String }),
  { topic: "Invalid fiat amount" },
) {
  override get message(): string {
    return `Invalid amount '${this.amount}': a fiat amount such as 100 or 99.50`
  }
}

/** A provider the app does not offer, or a currency, payment currency or network the provider's options do not. */
export class OnrampNotOfferedError extends AppKitError(
  Schema.TaggedError<OnrampNotOfferedError>()("OnrampNotOfferedError", {
    what: Schema.Literals(["provider", "purchase", "payment", "network"]),
    wanted: Schema.String,
    offered: Schema.Array(Schema.String),
    currency: Schema.optional(Schema.String),
  }),
  { topic: "Not offered by the onramp provider" },
) {
  override get message(): string {
    const offered = this.offered.join(", ")
    const messages = {
      provider: `Cannot buy through '${this.wanted}' (offered: ${offered})`,
      purchase: `Cannot buy '${this.wanted}' (offered: ${offered})`,
      payment: `Cannot pay with '${this.wanted}' (accepted: ${offered})`,
      network: `${this.currency} is not offered on '${this.wanted}' (networks: ${offered})`,
    }
    return messages[this.what]
  }
}

/** §9 limits (card 10.00–7500.00, bank account 10.00–25000.00 in the fallback): the provider would refuse. */
export class OnrampLimitError extends AppKitError(
  Schema.TaggedError<OnrampLimitError>()("OnrampLimitError", {
    amount: Schema.String,
    currency: Schema.String,
    limits: Schema.Array(Schema.Struct({ id: Schema.String, min: Schema.String, max: Schema.String })),
  }),
  { topic: "Outside the payment limits" },
) {
  override get message(): string {
    const limits = this.limits.map((limit) => `${limit.id} ${limit.min}–${limit.max}`).join(", ")
    return `Amount ${this.amount} ${this.currency} is outside the payment limits (${limits})`
  }
}
