import { ByteWriter } from "../encoding/bytes"

/** Test support only (not exported): PSBTs written key-value pair by key-value pair, valid or not. */
export type PsbtPair = readonly [key: Uint8Array, value: Uint8Array]
export type PsbtMap = ReadonlyArray<PsbtPair>

export const bytes = (...values: ReadonlyArray<number>): Uint8Array => Uint8Array.from(values)
export const filled = (length: number, value = 0x11): Uint8Array => new Uint8Array(length).fill(value)
export const u32 = (value: number): Uint8Array => new ByteWriter().u32(value).finish()
export const u64 = (value: bigint): Uint8Array => new ByteWriter().u64(value).finish()

/** One pair: the key is the type byte then `keyData`. */
export const psbtPair = (type: number, value: Uint8Array, keyData: Uint8Array = bytes()): PsbtPair => [
  bytes(type, ...keyData),
  value,
]

/** The magic, then the global map, each input map and each output map, each closed by its 0x00. */
export const encodePsbtMaps = (
  globals: PsbtMap,
  inputs: ReadonlyArray<PsbtMap>,
  outputs: ReadonlyArray<PsbtMap>,
): Uint8Array => {
  const writer = new ByteWriter().bytes(bytes(0x70, 0x73, 0x62, 0x74, 0xff))
  for (const map of [globals, ...inputs, ...outputs]) {
    for (const [key, value] of map) writer.varBytes(key).varBytes(value)
    writer.u8(0)
  }
  return writer.finish()
}
