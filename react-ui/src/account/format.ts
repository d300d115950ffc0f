import { formatBalance, formatQuantity } from "@appkit/core/validation"
import { Result } from "effect"

/** A balance as the core floors it to 3 decimals (§9), or the raw text when it is not an amount. */
export const shownBalance = (amount: string) => Result.getOrElse(formatBalance(amount), () => amount)

/** A transaction quantity as the core rounds it to 3 decimals (§9), or the raw text. */
export const shownQuantity = (amount: string) => Result.getOrElse(formatQuantity(amount), () => amount)

/** "0x1234…abcd": enough of an address to recognise it, the whole of it stays in the title and copy button. */
export const shortAddress = (address: string) =>
  address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`

/** Built on first use: a fresh page's first currency formatter costs tens of ms, on the connect button's path. */
let usd: Intl.NumberFormat | undefined
/** A USD value as the API reports it (a number), for display only. */
export const shownUsd = (value: number | undefined) => {
  if (value === undefined) return undefined
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
  return usd.format(value)
}
