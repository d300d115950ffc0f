/**
 * A swap's price impact: how much less the tokens received are worth than the tokens paid, at the market
 * prices the Blockchain API gives (POST /v1/fungible/price). The convert quote has no price impact of its own,
 * so it is computed from the quote's amounts and the two prices. It includes the pool's fee and the slippage
 * the trade's size causes, as the price impact shown by 1inch and Reown AppKit does.
 */
export interface PricedSwapAmounts {
  readonly fromAmountUnits: bigint
  readonly fromDecimals: number
  /** USD price of one whole `from` token. */
  readonly fromPrice: number
  readonly toAmountUnits: bigint
  readonly toDecimals: number
  readonly toPrice: number
}

const isPrice = (price: number) => Number.isFinite(price) && price > 0

/**
 * The price impact as a fraction of the value paid (0.0031 is 0.31 %): positive when the received tokens are
 * worth less, negative when they are worth more. Undefined when a price is missing (0, negative, not finite)
 * or nothing is paid, since no impact can be told then.
 */
export const swapPriceImpact = (amounts: PricedSwapAmounts): number | undefined => {
  const { fromAmountUnits, toAmountUnits } = amounts
  if (fromAmountUnits <= 0n || toAmountUnits < 0n) return undefined
  if (!isPrice(amounts.fromPrice) || !isPrice(amounts.toPrice)) return undefined
  // Value received / value paid, as one ratio so the decimals' powers of ten never overflow on their own.
  const ratio =
    (Number(toAmountUnits) / Number(fromAmountUnits)) *
    10 ** (amounts.fromDecimals - amounts.toDecimals) *
    (amounts.toPrice / amounts.fromPrice)
  return Number.isFinite(ratio) ? 1 - ratio : undefined
}

/**
 * A price impact as the swap view and the CLI show it: a percentage with two decimals ("0.31%"), "<0.01%" for
 * a loss too small to show, and a favourable impact with its minus sign ("-0.12%").
 */
export const formatPriceImpact = (impact: number): string => {
  const hundredths = Math.round(impact * 10_000)
  if (hundredths === 0 && impact > 0) return "<0.01%"
  if (hundredths === 0) return "0.00%"
  const sign = hundredths < 0 ? "-" : ""
  const absolute = Math.abs(hundredths)
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}%`
}
