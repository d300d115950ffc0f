import { BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"

/**
 * Hand-written checks of the shape of a wallet's reply, at the boundary where it enters this layer (the
 * Bitcoin connect path loads no Schema). A guard returns the value it accepts as its type, or throws a
 * `ShapeMismatch` saying what it expected and where; `decodeResult` turns that into the typed failure.
 */
export type Guard<A> = (value: unknown, path: string) => A

class ShapeMismatch {
  readonly what: string
  constructor(what: string) {
    this.what = what
  }
}

const shown = (value: unknown): string => {
  if (value === undefined) return "undefined"
  try {
    const json = JSON.stringify(value)
    return json === undefined ? String(value) : json.length > 40 ? `${json.slice(0, 40)}…` : json
  } catch {
    return typeof value
  }
}

const mismatch = (expected: string, value: unknown, path: string): never => {
  throw new ShapeMismatch(`Expected ${expected}, got ${shown(value)}${path === "" ? "" : ` at ${path}`}`)
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null

export const unknownValue: Guard<unknown> = (value) => value

export const string: Guard<string> = (value, path) =>
  typeof value === "string" ? value : mismatch("a string", value, path)

export const nonEmptyString: Guard<string> = (value, path) =>
  typeof value === "string" && value.length > 0 ? value : mismatch("a non-empty string", value, path)

export const matching =
  (pattern: RegExp, expected: string): Guard<string> =>
  (value, path) =>
    typeof value === "string" && pattern.test(value) ? value : mismatch(expected, value, path)

export const oneOf =
  <const L extends ReadonlyArray<string>>(literals: L): Guard<L[number]> =>
  (value, path) =>
    typeof value === "string" && literals.includes(value)
      ? value
      : mismatch(literals.join(" | "), value, path)

export const arrayOf =
  <A>(item: Guard<A>): Guard<ReadonlyArray<A>> =>
  (value, path) =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}[${index}]`))
      : mismatch("an array", value, path)

type Shape = Record<string, Guard<unknown>>
type Out<S extends Shape> = { readonly [K in keyof S]: ReturnType<S[K]> }

/**
 * An object with the `required` keys and, when present (and not undefined), the `optional` ones; other keys
 * are dropped.
 */
export const struct =
  <R extends Shape, O extends Shape = Record<never, never>>(
    required: R,
    optional?: O,
  ): Guard<Out<R> & Partial<Out<O>>> =>
  (value, path) => {
    if (!isRecord(value)) return mismatch("an object", value, path)
    const out: Record<string, unknown> = {}
    for (const [key, guard] of Object.entries(required)) out[key] = guard(value[key], `${path}["${key}"]`)
    for (const [key, guard] of Object.entries(optional ?? {}))
      if (value[key] !== undefined) out[key] = guard(value[key], `${path}["${key}"]`)
    return out as Out<R> & Partial<Out<O>>
  }

/** What `guard` accepts `value` as, or undefined when it does not. */
export const readAs = <A>(guard: Guard<A>, value: unknown): A | undefined => {
  try {
    return guard(value, "")
  } catch (thrown) {
    if (thrown instanceof ShapeMismatch) return undefined
    throw thrown
  }
}

/** Checks a result with its guard; a wallet answering in another shape is an internal error, never a crash. */
export const decodeResult =
  <A>(method: string, guard: Guard<A>) =>
  (result: unknown): A => {
    try {
      return guard(result, "")
    } catch (thrown) {
      if (!(thrown instanceof ShapeMismatch)) throw thrown
      throw new BitcoinRpcError({
        code: BitcoinWalletErrorCode.internalError,
        message: `The wallet's reply to ${method} is malformed: ${thrown.what}`,
      })
    }
  }
