import type { TokenQuantity } from "@appkit/core"
import { formatBalance, formatQuantity, formatUsd } from "@appkit/core/validation"
import { Result } from "effect"

/** A balance as the core floors it to 3 decimals (§9), or the raw text when it is not an amount. */
export const shownBalance = (amount: string) => Result.getOrElse(formatBalance(amount), () => amount)

/** A transaction quantity as the core rounds it to 3 decimals (§9), or the raw text. */
export const shownQuantity = (amount: string) => Result.getOrElse(formatQuantity(amount), () => amount)

/** A USD value as the API reports it (a number), for display only; nothing when there is none. */
export const shownUsd = (value: number | undefined) => (value === undefined ? undefined : formatUsd(value))

/**
 * The part of a balance a send cannot spend (frozen on chain, as the core tells it), when there is one: why the
 * send form's Max is less than the balance.
 */
export const shownFrozen = (frozen: string | undefined) =>
  frozen === undefined ? "" : ` · ${shownBalance(frozen)} frozen`

/** A token row's balance with its symbol, and its frozen part. */
export const shownHolding = (quantity: TokenQuantity, symbol: string) =>
  `${shownBalance(quantity.numeric)} ${symbol}${shownFrozen(quantity.frozen)}`
