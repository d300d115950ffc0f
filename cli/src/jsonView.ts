import { toChecksumAddress } from "@appkit/core/validation"

/**
 * The shape rules every --json document follows (the output contract in the README): keys in camelCase
 * (API fields such as `badge_type` are renamed, never passed through); no fractional JSON numbers (money
 * and prices are exact decimal strings, so no reader rounds them through a float); EVM addresses in their
 * EIP-55 form, plain or inside an eip155 CAIP-10 id.
 */

const snakeSegment = /_([a-z0-9])/g

/** `badge_type` → `badgeType`; keys without an underscore (coin types, ids) are left as they are. */
export const camelCase = (key: string): string =>
  key.replace(snakeSegment, (_match, char: string) => char.toUpperCase())

/**
 * A float as the decimal it prints as, without an exponent: 3120.45 → "3120.45", 1e-7 → "0.0000001".
 * (The API sends USD prices as JSON numbers; this keeps exactly the digits it sent.)
 */
export const decimalString = (value: number): string => {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`)
  const text = String(value)
  if (!text.includes("e")) return text
  const [mantissa = "", exponentText = "0"] = text.split("e")
  const exponent = Number(exponentText)
  const negative = mantissa.startsWith("-")
  const [whole = "", fraction = ""] = mantissa.replace("-", "").split(".")
  const digits = whole + fraction
  const point = whole.length + exponent
  const plain =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  return `${negative ? "-" : ""}${plain}`
}

const evmAddress = /^((?:eip155:\d+:)?)(0x[0-9a-fA-F]{40})$/

/**
 * An EVM address (or eip155 account id) in EIP-55 form; any other text as it is. Only the letters' case
 * changes, so a branded CAIP id stays one.
 */
export const checksummed = <T extends string>(text: T): T => {
  const match = evmAddress.exec(text)
  return match === null ? text : (`${match[1]}${toChecksumAddress(match[2] ?? "")}` as T)
}

/** Applies the contract to a whole document: camelCase keys, fractional numbers as decimal strings. */
export const toJsonView = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(toJsonView)
  if (typeof value === "string") return checksummed(value)
  if (typeof value === "number") return Number.isInteger(value) ? value : decimalString(value)
  if (typeof value === "bigint") return value.toString()
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [camelCase(key), toJsonView(entry)]))
}
