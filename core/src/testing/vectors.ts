import { readFileSync } from "node:fs"
import { join } from "node:path"

/** Test support only (not exported): reads a file of ../shared/vectors, the public conformance vectors. */
export interface VectorFile<V = Vector> {
  readonly file: string
  readonly count: number
  readonly vectors: ReadonlyArray<V>
}

export interface Vector {
  readonly id: string
  readonly valid?: boolean
  readonly input: unknown
  readonly expected?: Record<string, unknown>
  readonly reason?: string
  readonly [extra: string]: unknown
}

const vectorsDir = (): string => {
  const dir = process.env.APPKIT_VECTORS_DIR
  if (!dir) throw new Error("APPKIT_VECTORS_DIR is not set (vitest.config.ts sets it to ../shared/vectors)")
  return dir
}

export const loadVectors = <V = Vector>(file: string): VectorFile<V> =>
  JSON.parse(readFileSync(join(vectorsDir(), file), "utf8")) as VectorFile<V>
