/**
 * The display forms every surface shares (the skin, the CLI): one rule each, so an address or a price reads
 * the same in a modal and in a terminal. Display only: amounts stay exact strings everywhere else.
 */

/** "0x1234…abcd": the first 6 and last 4 characters of an address or hash; text of 13 or fewer stays whole. */
export const shortAddress = (text: string): string =>
  text.length <= 13 ? text : `${text.slice(0, 6)}…${text.slice(-4)}`

/** Built on first use: a fresh page's first currency formatter costs tens of ms, on the connect button's path. */
let usd: Intl.NumberFormat | undefined

/** "$1,234.56": a USD value as the APIs report it (a number). */
export const formatUsd = (value: number): string => {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
  return usd.format(value)
}
