import { Option, Result, Schema } from "effect"
import { AppKitError } from "./appKitError"

// CAIP-2 / CAIP-10 grammar (ChainAgnostic/CAIPs): the only syntax rules; namespace profiles add their own.
const namespacePart = "[-a-z0-9]{3,8}"
const referencePart = "[-_a-zA-Z0-9]{1,32}"
const addressPart = "[-.%a-zA-Z0-9]{1,128}"
const whole = (source: string) => new RegExp(`^${source}$`)

const namespacePattern = whole(namespacePart)
const referencePattern = whole(referencePart)
const addressPattern = whole(addressPart)

/**
 * A CAIP-2 network (chain) id such as `eip155:1`, checked against the grammar. Branded: a plain string becomes
 * one only by decoding (`decodeCaipNetworkId`), once, where it enters from a wallet, storage or the user.
 */
export const CaipNetworkId = Schema.String.pipe(
  Schema.check(Schema.isPattern(whole(`${namespacePart}:${referencePart}`))),
  Schema.brand("CaipNetworkId"),
)
export type CaipNetworkId = typeof CaipNetworkId.Type

/** A CAIP-10 account id such as `eip155:1:0xab16…`, checked against the grammar only; branded like CaipNetworkId. */
export const CaipAccountId = Schema.String.pipe(
  Schema.check(Schema.isPattern(whole(`${namespacePart}:${referencePart}:${addressPart}`))),
  Schema.brand("CaipAccountId"),
)
export type CaipAccountId = typeof CaipAccountId.Type

export interface ChainId {
  readonly namespace: string
  readonly reference: string
}

export interface AccountId {
  readonly chainId: ChainId
  readonly address: string
}

export class InvalidCaipId extends AppKitError(
  Schema.TaggedError<InvalidCaipId>()("InvalidCaipId", {
    input: Schema.String,
    message: Schema.String,
  }),
  { topic: "Invalid CAIP id" },
) {}

export const isCaipNamespace = (value: string): boolean => namespacePattern.test(value)
export const isCaipReference = (value: string): boolean => referencePattern.test(value)
export const isCaipAccountAddress = (value: string): boolean => addressPattern.test(value)

/** The first grammar rule a part breaks, or undefined when all hold. */
const partError = (namespace: string, reference: string, address?: string): string | undefined => {
  if (!isCaipNamespace(namespace)) return `namespace '${namespace}' must be 3-8 characters of a-z, 0-9 or -`
  if (!isCaipReference(reference))
    return `reference '${reference}' must be 1-32 characters of a-z, A-Z, 0-9, - or _`
  if (address !== undefined && !isCaipAccountAddress(address))
    return `account address '${address}' must be 1-128 characters of a-z, A-Z, 0-9, -, . or %`
  return undefined
}

const invalid = (input: string, kind: string, reason: string) =>
  Result.fail(new InvalidCaipId({ input, message: `Invalid CAIP ${kind} '${input}': ${reason}` }))

export const parseChainId = (input: string): Result.Result<ChainId, InvalidCaipId> => {
  const parts = input.split(":")
  if (parts.length !== 2) return invalid(input, "chain id", "expected namespace:reference")
  const [namespace = "", reference = ""] = parts
  const error = partError(namespace, reference)
  return error ? invalid(input, "chain id", error) : Result.succeed({ namespace, reference })
}

export const formatChainId = (chainId: ChainId): Result.Result<CaipNetworkId, InvalidCaipId> => {
  const text = `${chainId.namespace}:${chainId.reference}`
  const error = partError(chainId.namespace, chainId.reference)
  return error ? invalid(text, "chain id", error) : Result.succeed(text as CaipNetworkId)
}

/** Syntax only; whether the address is real for its namespace and chain is `validateAddress`'s job. */
export const parseAccountId = (input: string): Result.Result<AccountId, InvalidCaipId> => {
  const parts = input.split(":")
  if (parts.length !== 3) return invalid(input, "account id", "expected namespace:reference:address")
  const [namespace = "", reference = "", address = ""] = parts
  const error = partError(namespace, reference, address)
  return error
    ? invalid(input, "account id", error)
    : Result.succeed({ chainId: { namespace, reference }, address })
}

export const formatAccountId = (accountId: AccountId): Result.Result<CaipAccountId, InvalidCaipId> => {
  const { chainId, address } = accountId
  const text = `${chainId.namespace}:${chainId.reference}:${address}`
  const error = partError(chainId.namespace, chainId.reference, address)
  return error ? invalid(text, "account id", error) : Result.succeed(text as CaipAccountId)
}

/** A wallet's or a user's string as a CAIP-2 network id; none when it breaks the grammar. */
export const decodeCaipNetworkId = Schema.decodeUnknownOption(CaipNetworkId)

/** A wallet's or a user's string as a CAIP-10 account id; none when it breaks the grammar. */
export const decodeCaipAccountId = Schema.decodeUnknownOption(CaipAccountId)

// The grammar fixes where the colons are, so the parts of a decoded id are plain string splits.

/** `eip155:1` → `eip155`, `eip155:1:0xab…` → `eip155`. */
export const namespaceOf = (id: CaipNetworkId | CaipAccountId): string => id.slice(0, id.indexOf(":"))

/** `eip155:8453` → `8453` */
export const referenceOf = (network: CaipNetworkId): string => network.slice(network.indexOf(":") + 1)

/** `eip155:1:0xab…` → `eip155:1` */
export const networkOfAccount = (account: CaipAccountId): CaipNetworkId =>
  account.slice(0, account.indexOf(":", account.indexOf(":") + 1)) as CaipNetworkId

/** `eip155:1:0xab…` → `0xab…` */
export const addressOfAccount = (account: CaipAccountId): string =>
  account.slice(account.indexOf(":", account.indexOf(":") + 1) + 1)

/** The account id of `address` on `network`; none when the address breaks the CAIP-10 grammar. */
export const accountOn = (network: CaipNetworkId, address: string): Option.Option<CaipAccountId> =>
  isCaipAccountAddress(address) ? Option.some(`${network}:${address}` as CaipAccountId) : Option.none()

/** The CAIP-10 ids among what a wallet reported; anything else (a number, a bare address, junk) is dropped. */
export const decodeCaipAccountIds = (reported: ReadonlyArray<unknown>): ReadonlyArray<CaipAccountId> =>
  reported.flatMap((entry) => Option.toArray(decodeCaipAccountId(entry)))
