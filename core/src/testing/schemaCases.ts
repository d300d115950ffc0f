import { Result, Schema } from "effect"
import { expect, it } from "vitest"

/**
 * Test support only (not exported), for the entity schemas: each sample that should decode does, and each
 * bad one fails with a SchemaError (not a throw, not a partial value). Named cases make a failing sample
 * obvious.
 */
export const schemaCases = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  cases: {
    readonly valid: ReadonlyArray<readonly [name: string, sample: unknown]>
    readonly invalid: ReadonlyArray<readonly [name: string, sample: unknown]>
  },
): void => {
  const decode = Schema.decodeUnknownResult(schema)
  it.each(cases.valid)("decodes %s", (_name, sample) => {
    const result = decode(sample)
    if (Result.isFailure(result)) throw result.failure
  })
  it.each(cases.invalid)("rejects %s with a SchemaError", (_name, sample) => {
    const result = decode(sample)
    expect(Result.isFailure(result) && Schema.isSchemaError(result.failure)).toBe(true)
  })
}
