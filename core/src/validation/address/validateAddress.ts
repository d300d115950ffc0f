import { Result } from "effect"
import { parseAccountId } from "../../domain/caip"
import { checkChainReference } from "../../domain/caipProfiles"
import { type ChainNamespace, isChainNamespace } from "../../domain/namespace"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"
import {
  type BitcoinNetwork,
  bitcoinChainReferences,
  checkBitcoinAddress,
  checkForeignBip122Address,
} from "./bitcoin"
import { checkCosmosAddress } from "./cosmos"
import { checkEvmAccountAddress, checkEvmAddress } from "./evm"
import { checkPolkadotAddress } from "./polkadot"
import { checkSolanaAddress } from "./solana"

export interface ValidateAddressOptions {
  /** Skip auto-detection and hold the input to this namespace's rules. */
  readonly namespace?: ChainNamespace
  /** Bitcoin only: the network the address must belong to (testnet and signet share their prefixes). */
  readonly network?: BitcoinNetwork
}

/** The answer for one input, as plain JSON (the CLI prints it as is with --json). */
export interface AddressVerdict {
  readonly input: string
  readonly valid: boolean
  readonly namespace: ChainNamespace | null
  readonly network: string | null
  readonly type: string | null
  /** The canonical spelling of the input (a CAIP-10 id stays a CAIP-10 id). */
  readonly normalized: string | null
  readonly error: string | null
}

interface Checked {
  readonly namespace: ChainNamespace | null
  readonly check: AddressCheck
}

const refuse = (namespace: ChainNamespace | null, message: string): Checked => ({
  namespace,
  check: Result.fail(new InvalidAddress({ namespace, message })),
})

const plainCheckers: Readonly<
  Record<ChainNamespace, (input: string, network?: BitcoinNetwork) => AddressCheck>
> = {
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
const looksEvm = /^(0[xX]|[0-9a-fA-F]{40}$)/
const looksSegwit = /^(bc|tb|bcrt)1/i
const bech32Shape = /^[a-z0-9]{1,83}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/

/**
 * Text shaped like bech32 (a prefix, "1", then only bech32 characters, in one case) is held to the bech32
 * namespaces only: a typo in it would otherwise often still pass as a Solana key, which is base58 with no
 * checksum. A real Solana key of that shape is astronomically unlikely (~30 of 58 characters, 32+ times).
 */
const isBech32Shaped = (input: string): boolean =>
  (input === input.toLowerCase() || input === input.toUpperCase()) && bech32Shape.test(input.toLowerCase())

const checkPlain = (input: string, options: ValidateAddressOptions): Checked => {
  if (options.namespace)
    return { namespace: options.namespace, check: plainCheckers[options.namespace](input, options.network) }
  if (looksEvm.test(input)) return { namespace: "eip155", check: checkEvmAddress(input) }
  for (const namespace of isBech32Shaped(input) ? bech32Namespaces : detectionOrder) {
    const check = plainCheckers[namespace](input)
    if (Result.isSuccess(check))
      // Detected as Bitcoin regardless of network; the requested network is then enforced.
      return {
        namespace,
        check: namespace === "bip122" ? checkBitcoinAddress(input, options.network) : check,
      }
  }
  if (looksSegwit.test(input)) return { namespace: "bip122", check: checkBitcoinAddress(input) }
  return refuse(
    null,
    "Not a valid address for any supported namespace (eip155, solana, bip122, polkadot, cosmos)",
  )
}

const checkBip122Account = (reference: string, address: string, requested?: BitcoinNetwork): AddressCheck => {
  const network = bitcoinChainReferences[reference]
  if (requested && network !== requested)
    return Result.fail(
      new InvalidAddress({ namespace: "bip122", message: `bip122:${reference} is not Bitcoin ${requested}` }),
    )
  return network ? checkBitcoinAddress(address, network) : checkForeignBip122Address(address)
}

/** Each namespace's CAIP-10 profile: the address checked against the chain its reference names. */
const accountCheckers: Readonly<
  Record<ChainNamespace, (address: string, reference: string, network?: BitcoinNetwork) => AddressCheck>
> = {
  eip155: (address) => checkEvmAccountAddress(address),
  solana: (address) => checkSolanaAddress(address),
  bip122: (address, reference, network) => checkBip122Account(reference, address, network),
  polkadot: (address, reference) => checkPolkadotAddress(address, reference),
  cosmos: (address, reference) => checkCosmosAddress(address, reference),
}

/** A CAIP-10 id is valid when its syntax is, and its address is valid for its namespace and chain. */
const checkAccountId = (input: string, options: ValidateAddressOptions): Checked => {
  const parsed = parseAccountId(input)
  if (Result.isFailure(parsed)) return refuse(null, parsed.failure.message)
  const { chainId, address } = parsed.success
  const { namespace, reference } = chainId
  if (!isChainNamespace(namespace)) return refuse(null, `Unsupported namespace '${namespace}'`)
  if (options.namespace && options.namespace !== namespace)
    return refuse(namespace, `The account id is on ${namespace}, not ${options.namespace}`)
  const profiled = checkChainReference(chainId)
  if (Result.isFailure(profiled)) return refuse(namespace, profiled.failure.message)
  const check = accountCheckers[namespace](address, reference, options.network)
  return {
    namespace,
    check: Result.map(check, (valid) => ({
      ...valid,
      normalized: `${namespace}:${reference}:${valid.normalized}`,
    })),
  }
}

/**
 * The one address check every caller uses (CLI, send form, connectors). `input` is a plain address, its
 * namespace detected unless given, or a CAIP-10 account id (recognised by its colons, which no plain
 * address has). Never throws: every refusal is a verdict with `valid: false` and the reason in `error`.
 */
export const validateAddress = (input: string, options: ValidateAddressOptions = {}): AddressVerdict => {
  const { namespace, check } = input.includes(":")
    ? checkAccountId(input, options)
    : checkPlain(input, options)
  // Keys in the documented order, so --json lines read the same for every input.
  return Result.match(check, {
    onSuccess: ({ network, type, normalized }) => ({
      input,
      valid: true,
      namespace,
      network,
      type,
      normalized,
      error: null,
    }),
    onFailure: (error) => ({
      input,
      valid: false,
      namespace,
      network: null,
      type: null,
      normalized: null,
      error: error.message,
    }),
  })
}
