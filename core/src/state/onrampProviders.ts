import { Schema } from "effect"
import { OnrampFee } from "../config/constants"
import type { OnrampProvider } from "../domain/onramp"

const httpUrl = Schema.String.check(Schema.isPattern(/^https?:\/\/[^\s/]+/, { expected: "an http(s) URL" }))

/**
 * `createAppKit({ onramp })`: the buy-with-fiat providers beyond coinbase (§1). Coinbase needs nothing (its URL
 * comes from the Blockchain API); meld is offered only when the app gives its Meld public key, since Meld's
 * page cannot tell whose purchase it is otherwise.
 */
export const OnrampSettings = Schema.Struct({
  meld: Schema.optional(
    Schema.Struct({
      /** The integrator's Meld public key. */
      publicKey: Schema.NonEmptyString,
      /** Meld's buy page; its hosted page by default (a test points it at a local page). */
      baseUrl: Schema.optional(httpUrl),
    }),
  ),
})
export type OnrampSettings = typeof OnrampSettings.Type

/** The providers the app offers, coinbase first: meld joins when it is configured. */
export const onrampProvidersOf = (settings: OnrampSettings): ReadonlyArray<OnrampProvider> =>
  settings.meld === undefined ? ["coinbase"] : ["coinbase", "meld"]

/** §1: what every provider charges, as the buy view shows it before a quote ("1–2 %"). */
export const onrampFeeLabel = `${OnrampFee.minPercent}–${OnrampFee.maxPercent} %`
