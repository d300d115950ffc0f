import { OnrampFee } from "../config/constants"
import type { OnrampProvider } from "../domain/onramp"
import type { OnrampSettings } from "./Options"

/** The providers the app offers (its `onramp` option), coinbase first: meld joins when it is configured. */
export const onrampProvidersOf = (settings: OnrampSettings): ReadonlyArray<OnrampProvider> =>
  settings.meld === undefined ? ["coinbase"] : ["coinbase", "meld"]

/** §1: what every provider charges, as the buy view shows it before a quote ("1–2 %"). */
export const onrampFeeLabel = `${OnrampFee.minPercent}–${OnrampFee.maxPercent} %`
