import { sha256 } from "@noble/hashes/sha2.js"
import { base58 } from "@scure/base"
import { readBech32, wordsToBytes } from "./bech32Codec"

export type BitcoinNetwork = "mainnet" | "testnet" | "signet" | "regtest"
export const bitcoinNetworks: ReadonlyArray<BitcoinNetwork> = ["mainnet", "testnet", "signet", "regtest"]

/** CAIP-2 bip122 references (genesis hash prefixes) of the Bitcoin networks; testnet3 and 4 share params. */
export const bitcoinChainReferences: Readonly<Record<string, BitcoinNetwork>> = {
  "000000000019d6689c085ae165831e93": "mainnet",
  "000000000933ea01ad0ee984209779ba": "testnet",
  "00000000da84f2bafbbc53dee25a72ae": "testnet",
  "00000008819873e925422c1ff0f99f7c": "signet",
  "0f9188f13cb7b2c71f2a335e3a4fc328": "regtest",
}

export interface BitcoinAddressParams {
  readonly hrp: string
  readonly p2pkh: number
  readonly p2sh: number
}

/** Address prefixes per network. Testnet and signet share every prefix; regtest shares the base58 versions but has its own HRP. */
export const bitcoinAddressParams: Readonly<Record<BitcoinNetwork, BitcoinAddressParams>> = {
  mainnet: { hrp: "bc", p2pkh: 0x00, p2sh: 0x05 },
  testnet: { hrp: "tb", p2pkh: 0x6f, p2sh: 0xc4 },
  signet: { hrp: "tb", p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { hrp: "bcrt", p2pkh: 0x6f, p2sh: 0xc4 },
}

export type BitcoinAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | `witness v${number}`

export interface BitcoinAddress {
  readonly type: BitcoinAddressType
  /** The network the address belongs to; when none was asked for, testnet stands for testnet and signet. */
  readonly network: BitcoinNetwork
  /** Lowercase for segwit (the canonical form); base58 is case-sensitive and kept as given. */
  readonly normalized: string
  /** null for base58 addresses. */
  readonly witnessVersion: number | null
  /** The 20-byte hash of a base58 address, or the witness program. */
  readonly program: Uint8Array
}

// 25 bytes (version, 20-byte hash, checksum) are at most 35 base58 characters; longer text is not decoded.
const base58AddressText = /^[1-9A-HJ-NP-Za-km-z]{1,35}$/

/** §5's message for a Bitcoin address refusal (one of another network says whose it is: `networkFor`). */
const invalid = "Invalid address"

/** A network found, or the refusal's message. */
type Found = { readonly network: BitcoinNetwork } | string

/**
 * The network a prefix belongs to: the requested one if it matches, else the first (canonical) match. A
 * well-formed address of another network than the requested one is refused with both networks named.
 */
const networkFor = (
  matches: (p: BitcoinAddressParams) => boolean,
  requested: BitcoinNetwork | undefined,
): Found => {
  const owners = bitcoinNetworks.filter((n) => matches(bitcoinAddressParams[n]))
  const network = requested === undefined ? owners[0] : owners.includes(requested) ? requested : undefined
  if (network !== undefined) return { network }
  return owners.length === 0 || requested === undefined
    ? invalid
    : `Invalid address: a ${owners.join("/")} address, expected ${requested}`
}

const segwitType = (version: number, program: Uint8Array): BitcoinAddressType => {
  if (version === 0) return program.length === 20 ? "p2wpkh" : "p2wsh"
  if (version === 1 && program.length === 32) return "p2tr"
  return `witness v${version}`
}

interface Segwit {
  readonly hrp: string
  readonly version: number
  readonly program: Uint8Array
}

/** BIP-173/350 segwit decoding without the HRP check: v0 is bech32, v1..16 bech32m, program 2..40 bytes. */
const decodeSegwit = (input: string): Segwit | undefined => {
  const decoded = readBech32(input)
  if (!decoded) return undefined
  const { encoding, prefix, words } = decoded
  const version = words[0]
  if (version === undefined) return undefined
  if (version > 16 || encoding !== (version === 0 ? "bech32" : "bech32m")) return undefined
  const program = wordsToBytes(words, 1)
  if (!program || program.length < 2 || program.length > 40) return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  return { hrp: prefix, version, program }
}

interface Base58Address {
  readonly version: number
  readonly hash: Uint8Array
}

/** Base58Check with a one-byte version and a 20-byte hash (WIF keys and xpubs are longer: refused). */
const decodeBase58Address = (input: string): Base58Address | undefined => {
  if (!base58AddressText.test(input)) return undefined
  const bytes = base58.decode(input)
  if (bytes.length !== 25) return undefined
  const payload = bytes.subarray(0, 21)
  const checksum = sha256(sha256(payload))
  for (let i = 0; i < 4; i++) if (checksum[i] !== bytes[21 + i]) return undefined
  return { version: bytes[0] as number, hash: bytes.slice(1, 21) }
}

/**
 * Reads a Bitcoin address for `network`, or for whichever network its prefix names when none is given, or
 * gives the refusal's message: 'Invalid address' for a bad checksum, shape, witness rule or unknown prefix;
 * for an address of another network than `network`, whose it is ('Invalid address: a testnet/signet address,
 * expected mainnet'). No Effect and no Error: the Bitcoin connect path reads addresses with it, and
 * ./bitcoin.ts gives the same rule as a Result (`decodeBitcoinAddress`) and as a validator verdict.
 */
export const readBitcoinAddress = (input: string, network?: BitcoinNetwork): BitcoinAddress | string => {
  const segwit = decodeSegwit(input)
  if (segwit) {
    const found = networkFor((p) => p.hrp === segwit.hrp, network)
    if (typeof found === "string") return found
    return {
      type: segwitType(segwit.version, segwit.program),
      network: found.network,
      normalized: input.toLowerCase(),
      witnessVersion: segwit.version,
      program: segwit.program,
    }
  }
  const legacy = decodeBase58Address(input)
  if (legacy) {
    const found = networkFor((p) => p.p2pkh === legacy.version || p.p2sh === legacy.version, network)
    if (typeof found === "string") return found
    const type = legacy.version === bitcoinAddressParams[found.network].p2pkh ? "p2pkh" : "p2sh"
    return { type, network: found.network, normalized: input, witnessVersion: null, program: legacy.hash }
  }
  return invalid
}

/** The output script an address pays to (what a PSBT or UTXO lookup compares against). */
export const bitcoinScriptPubKey = (address: BitcoinAddress): Uint8Array => {
  const { type, program, witnessVersion } = address
  if (type === "p2pkh") return Uint8Array.of(0x76, 0xa9, 0x14, ...program, 0x88, 0xac)
  if (type === "p2sh") return Uint8Array.of(0xa9, 0x14, ...program, 0x87)
  const opVersion = witnessVersion === 0 ? 0x00 : 0x50 + (witnessVersion ?? 0)
  return Uint8Array.of(opVersion, program.length, ...program)
}

/**
 * Other bip122 chains (Litecoin, Dogecoin, ...) have their own prefixes, which AppKit does not list: an
 * address there is held to the chain-independent rules only (segwit with any HRP, or a 20-byte base58check).
 * Its canonical spelling and type, or undefined.
 */
export const readForeignBip122Address = (
  input: string,
): { readonly normalized: string; readonly type: BitcoinAddressType | null } | undefined => {
  const segwit = decodeSegwit(input)
  if (segwit) return { normalized: input.toLowerCase(), type: segwitType(segwit.version, segwit.program) }
  return decodeBase58Address(input) ? { normalized: input, type: null } : undefined
}
