import { Result } from "effect"
import { parseAccountId } from "../../domain/caip"
import { checkChainReference } from "../../domain/caipProfiles"
import { type ChainNamespace, isChainNamespace } from "../../domain/namespace"
import { type Checked, Refusal } from "./AddressCheck"
import {
  type BitcoinNetwork,
  bitcoinChainReferences,
  checkBitcoinAddress,
  checkForeignBip122Address,
} from "./bitcoin"
import { checkCosmosAddress } from "./cosmos"
import {
  checkEvmAccountAddress,
  checkEvmAddress,
  checksummed,
  evmAddressValidity,
  singleCaseDigitsStart,
} from "./evm"
import { checkPolkadotAddress } from "./polkadot"
import { checkSolanaAddress } from "./solana"
import { type AddressVerdict, verdictSpelledOnRead } from "./verdict"

export type { AddressVerdict } from "./verdict"

export interface ValidateAddressOptions {
  /** Skip auto-detection and hold the input to this namespace's rules. */
  readonly namespace?: ChainNamespace
  /** Bitcoin only: the network the address must belong to (testnet and signet share their prefixes). */
  readonly network?: BitcoinNetwork
}

interface Detected {
  readonly namespace: ChainNamespace | null
  readonly checked: Checked
  /** CAIP-10 input: the `namespace:reference:` its normalized address is spelled under. */
  readonly prefix?: string
}

const plainCheckers: Readonly<Record<ChainNamespace, (input: string, network?: BitcoinNetwork) => Checked>> =
  {
    eip155: checkEvmAddress,
    solana: checkSolanaAddress,
    bip122: checkBitcoinAddress,
    polkadot: (input) => checkPolkadotAddress(input),
    cosmos: (input) => checkCosmosAddress(input),
  }

// Segwit before cosmos: both are bech32, and cosmos would otherwise claim bc1q… key hashes. The base58
// formats decode to disjoint lengths (25, 35–37 and 32 bytes), so their order does not matter.
const detectionOrder: ReadonlyArray<ChainNamespace> = ["bip122", "cosmos", "polkadot", "solana"]
const bech32Namespaces: ReadonlyArray<ChainNamespace> = ["bip122", "cosmos"]
const fortyHex = /^[0-9a-fA-F]{40}$/
/** 0x/0X up front, or 40 hex digits: EVM's error message is the helpful one (character tests first). */
const looksEvm = (input: string): boolean =>
  (input.charCodeAt(0) === 48 && (input.charCodeAt(1) | 0x20) === 120) ||
  (input.length === 40 && fortyHex.test(input))
const looksSegwit = /^(bc|tb|bcrt)1/i
const bech32Shape = /^[a-z0-9]{1,83}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/

/**
 * Text shaped like bech32 (a prefix, "1", then only bech32 characters, in one case) is held to the bech32
 * namespaces only: a typo in it would otherwise often still pass as a Solana key, which is base58 with no
 * checksum. A real Solana key of that shape is astronomically unlikely (~30 of 58 characters, 32+ times).
 */
const isBech32Shaped = (input: string): boolean => {
  const lower = input.toLowerCase()
  return (input === lower || input === input.toUpperCase()) && bech32Shape.test(lower)
}

const noNamespace = new Refusal(
  "Not a valid address for any supported namespace (eip155, solana, bip122, polkadot, cosmos)",
)
const invalidBitcoin = new Refusal("Invalid address")

const checkPlain = (input: string, options: ValidateAddressOptions): Detected => {
  if (options.namespace)
    return { namespace: options.namespace, checked: plainCheckers[options.namespace](input, options.network) }
  if (looksEvm(input)) return { namespace: "eip155", checked: checkEvmAddress(input) }
  for (const namespace of isBech32Shaped(input) ? bech32Namespaces : detectionOrder) {
    const checked = plainCheckers[namespace](input)
    if (!(checked instanceof Refusal))
      // Detected as Bitcoin regardless of network; the requested network is then enforced.
      return {
        namespace,
        checked:
          namespace === "bip122" && options.network ? checkBitcoinAddress(input, options.network) : checked,
      }
  }
  // Every refusal above was a plain value; only this one reaches the caller.
  return looksSegwit.test(input)
    ? { namespace: "bip122", checked: invalidBitcoin }
    : { namespace: null, checked: noNamespace }
}

const checkBip122Account = (reference: string, address: string, requested?: BitcoinNetwork): Checked => {
  const network = bitcoinChainReferences[reference]
  if (requested && network !== requested)
    return new Refusal(`bip122:${reference} is not Bitcoin ${requested}`)
  return network ? checkBitcoinAddress(address, network) : checkForeignBip122Address(address)
}

/** Each namespace's CAIP-10 profile: the address checked against the chain its reference names. */
const accountCheckers: Readonly<
  Record<ChainNamespace, (address: string, reference: string, network?: BitcoinNetwork) => Checked>
> = {
  eip155: (address) => checkEvmAccountAddress(address),
  solana: (address) => checkSolanaAddress(address),
  bip122: (address, reference, network) => checkBip122Account(reference, address, network),
  polkadot: (address, reference) => checkPolkadotAddress(address, reference),
  cosmos: (address, reference) => checkCosmosAddress(address, reference),
}

/** A CAIP-10 id is valid when its syntax is, and its address is valid for its namespace and chain. */
const checkAccountId = (input: string, options: ValidateAddressOptions): Detected => {
  const parsed = parseAccountId(input)
  if (Result.isFailure(parsed)) return { namespace: null, checked: new Refusal(parsed.failure.message) }
  const { chainId, address } = parsed.success
  const { namespace, reference } = chainId
  if (!isChainNamespace(namespace))
    return { namespace: null, checked: new Refusal(`Unsupported namespace '${namespace}'`) }
  if (options.namespace && options.namespace !== namespace)
    return { namespace, checked: new Refusal(`The account id is on ${namespace}, not ${options.namespace}`) }
  const profiled = checkChainReference(chainId)
  if (Result.isFailure(profiled)) return { namespace, checked: new Refusal(profiled.failure.message) }
  const checked = accountCheckers[namespace](address, reference, options.network)
  return { namespace, checked, prefix: `${namespace}:${reference}:` }
}

const detect = (input: string, options: ValidateAddressOptions): Detected =>
  input.includes(":") ? checkAccountId(input, options) : checkPlain(input, options)

/**
 * The verdict `detect` gives: `validateAddress` without its shortcut for single-case hex input (exported so
 * the tests can hold the shortcut to it).
 */
export const detectedVerdict = (input: string, options: ValidateAddressOptions): AddressVerdict => {
  const { namespace, checked, prefix = "" } = detect(input, options)
  // Keys in the documented order, so --json lines read the same for every input.
  if (checked instanceof Refusal)
    return {
      input,
      valid: false,
      namespace,
      network: null,
      type: null,
      normalized: null,
      error: checked.message,
    }
  const { network, type } = checked
  const spell = checked.normalized
  if (typeof spell === "string")
    return { input, valid: true, namespace, network, type, normalized: prefix + spell, error: null }
  return verdictSpelledOnRead(input, namespace, network, type, () => prefix + spell())
}

/** `detectedVerdict(input, options).valid` (what the shortcut of `isValidAddress` is held to). */
export const detectedValidity = (input: string, options: ValidateAddressOptions): boolean =>
  !(detect(input, options).checked instanceof Refusal)

/**
 * Where hex-shaped input can be nothing but an EVM address (40 hex digits hold no colon, so no CAIP-10 id),
 * the shortcuts below answer it straight from its characters, without the answers `detect` builds on the way.
 */
const hexIsEvm = (options: ValidateAddressOptions): boolean =>
  options.namespace === undefined || options.namespace === "eip155"

/**
 * The one address check every caller uses (CLI, send form, connectors). `input` is a plain address, its
 * namespace detected unless given, or a CAIP-10 account id (recognised by its colons, which no plain
 * address has). Never throws: every refusal is a verdict with `valid: false` and the reason in `error`.
 */
export const validateAddress = (input: string, options: ValidateAddressOptions = {}): AddressVerdict => {
  // The commonest input, a single-case hex address: valid, its EIP-55 spelling worked out when read.
  const start = hexIsEvm(options) ? singleCaseDigitsStart(input) : -1
  return start < 0
    ? detectedVerdict(input, options)
    : verdictSpelledOnRead(input, "eip155", null, null, () => checksummed(input, start))
}

/**
 * `validateAddress(input, options).valid` without building the verdict: no canonical spelling (for EVM
 * that is a keccak hash), no error text. For guards and form fields that only need yes or no.
 */
export const isValidAddress = (input: string, options: ValidateAddressOptions = {}): boolean =>
  (hexIsEvm(options) ? evmAddressValidity(input) : undefined) ?? detectedValidity(input, options)
