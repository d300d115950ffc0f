/**
 * Byte-level reading and writing of Bitcoin's wire formats (transactions, PSBTs, witness stacks). Every
 * read is bounds-checked: a short or over-long input is a `ByteFormatError`, never a partial value.
 */

/** A wire-format violation; `message` names what was being read. Callers turn it into their typed error. */
export class ByteFormatError extends Error {
  override readonly name = "ByteFormatError"
}

export class ByteReader {
  private offset = 0
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset
  }

  get done(): boolean {
    return this.offset === this.bytes.length
  }

  get position(): number {
    return this.offset
  }

  bytesOf(length: number, what: string): Uint8Array {
    if (!Number.isSafeInteger(length) || length < 0 || length > this.remaining)
      throw new ByteFormatError(`${what}: needs ${length} bytes, ${this.remaining} left`)
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }

  u8(what: string): number {
    return this.bytesOf(1, what)[0] as number
  }

  u32(what: string): number {
    const b = this.bytesOf(4, what)
    return (
      ((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24)) >>> 0
    )
  }

  i32(what: string): number {
    return this.u32(what) | 0
  }

  u64(what: string): bigint {
    const low = BigInt(this.u32(what))
    const high = BigInt(this.u32(what))
    return (high << 32n) | low
  }

  /** CompactSize, held to its shortest form (a longer encoding of a small number is refused). */
  compactSize(what: string): number {
    const first = this.u8(what)
    if (first < 0xfd) return first
    const value =
      first === 0xfd
        ? this.u8(what) | (this.u8(what) << 8)
        : first === 0xfe
          ? this.u32(what)
          : Number(this.u64(what))
    const minimum = first === 0xfd ? 0xfd : first === 0xfe ? 0x10000 : 0x100000000
    if (value < minimum || !Number.isSafeInteger(value))
      throw new ByteFormatError(`${what}: non-canonical size`)
    return value
  }

  /** A CompactSize length followed by that many bytes. */
  varBytes(what: string): Uint8Array {
    return this.bytesOf(this.compactSize(what), what)
  }

  expectEnd(what: string): void {
    if (!this.done) throw new ByteFormatError(`${what}: ${this.remaining} unexpected trailing bytes`)
  }
}

export class ByteWriter {
  private readonly chunks: Array<Uint8Array> = []
  private length = 0

  bytes(value: Uint8Array): this {
    this.chunks.push(value)
    this.length += value.length
    return this
  }

  u8(value: number): this {
    return this.bytes(Uint8Array.of(value & 0xff))
  }

  u32(value: number): this {
    return this.bytes(
      Uint8Array.of(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff),
    )
  }

  u64(value: bigint): this {
    return this.u32(Number(value & 0xffffffffn)).u32(Number((value >> 32n) & 0xffffffffn))
  }

  compactSize(value: number): this {
    if (value < 0xfd) return this.u8(value)
    if (value <= 0xffff)
      return this.u8(0xfd)
        .u8(value)
        .u8(value >>> 8)
    if (value <= 0xffffffff) return this.u8(0xfe).u32(value)
    return this.u8(0xff).u64(BigInt(value))
  }

  varBytes(value: Uint8Array): this {
    return this.compactSize(value.length).bytes(value)
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length)
    let offset = 0
    for (const chunk of this.chunks) {
      out.set(chunk, offset)
      offset += chunk.length
    }
    return out
  }
}

export const concatBytes = (...parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const writer = new ByteWriter()
  for (const part of parts) writer.bytes(part)
  return writer.finish()
}

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, index) => byte === b[index])

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")

export const fromHex = (hex: string): Uint8Array => {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new ByteFormatError("not hex")
  return Uint8Array.from({ length: hex.length / 2 }, (_, index) =>
    Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16),
  )
}

/** Hex in reverse byte order: how txids and block hashes are displayed. */
export const toReversedHex = (bytes: Uint8Array): string => toHex(Uint8Array.from(bytes).reverse())
export const fromReversedHex = (hex: string): Uint8Array => fromHex(hex).reverse()
