import { Result } from "effect"

/**
 * JSON with every object's keys sorted, at any depth, and no whitespace: the canonical form amino signing
 * hashes. Fails on anything JSON cannot carry faithfully (undefined, functions, bigint, NaN, Infinity, cycles).
 */
const sortedJson = (value: unknown, path: ReadonlyArray<unknown>): Result.Result<string, string> => {
  if (value === null || typeof value === "string" || typeof value === "boolean")
    return Result.succeed(JSON.stringify(value))
  if (typeof value === "number")
    return Number.isFinite(value)
      ? Result.succeed(JSON.stringify(value))
      : Result.fail(`${value} is not JSON`)
  if (typeof value !== "object") return Result.fail(`a ${typeof value} is not JSON`)
  if (path.includes(value)) return Result.fail("a cyclic value is not JSON")
  const inner = [...path, value]
  const parts: Array<string> = []
  if (Array.isArray(value)) {
    for (const item of value) {
      const part = sortedJson(item, inner)
      if (Result.isFailure(part)) return part
      parts.push(part.success)
    }
    return Result.succeed(`[${parts.join(",")}]`)
  }
  for (const key of Object.keys(value).sort()) {
    const part = sortedJson((value as Record<string, unknown>)[key], inner)
    if (Result.isFailure(part)) return part
    parts.push(`${JSON.stringify(key)}:${part.success}`)
  }
  return Result.succeed(`{${parts.join(",")}}`)
}

// Go's encoding/json escapes these three in strings; amino sign bytes are that output, so they must match.
const goEscapes: Readonly<Record<string, string>> = { "&": "\\u0026", "<": "\\u003c", ">": "\\u003e" }

/**
 * The bytes an amino (legacy JSON) sign document is signed as: sorted-key compact JSON with `&`, `<` and `>`
 * escaped as Go does, UTF-8 encoded — what cosmjs `serializeSignDoc` and the chain compute.
 */
export const serializeAminoSignDoc = (signDoc: unknown): Result.Result<Uint8Array, string> =>
  Result.map(sortedJson(signDoc, []), (json) =>
    new TextEncoder().encode(json.replace(/[&<>]/g, (character) => goEscapes[character] ?? character)),
  )
