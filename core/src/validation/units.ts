/**
 * Base units written as decimals, exactly and without Effect (the Bitcoin connect path writes OKX's BTC
 * amounts with it); `formatUnits` in ./amount checks the decimals first and calls these.
 */

/** `units / 10^scale` written with exactly `scale` fraction digits (`scale` a whole number from 0). */
export const toFixedString = (units: bigint, scale: number): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0")
  const integer = digits.slice(0, digits.length - scale)
  const sign = units < 0n ? "-" : ""
  return scale === 0 ? `${sign}${integer}` : `${sign}${integer}.${digits.slice(digits.length - scale)}`
}

/** `units / 10^scale` as the shortest exact decimal string (no trailing zeros, no trailing dot). */
export const unitsToDecimal = (units: bigint, scale: number): string => {
  const fixed = toFixedString(units, scale)
  return scale === 0 ? fixed : fixed.replace(/\.?0+$/, "")
}
