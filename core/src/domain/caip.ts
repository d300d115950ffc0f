import { Result, Schema } from "effect"

// CAIP-2 / CAIP-10 grammar (ChainAgnostic/CAIPs): the only syntax rules; namespace profiles add their own.
const namespacePart = "[-a-z0-9]{3,8}"
const referencePart = "[-_a-zA-Z0-9]{1,32}"
const addressPart = "[-.%a-zA-Z0-9]{1,128}"
const whole = (source: string) => new RegExp(`^${source}$`)

const namespacePattern = whole(namespacePart)
const referencePattern = whole(referencePart)
const addressPattern = whole(addressPart)

/** A CAIP-2 chain id string such as `eip155:1`, checked against the grammar. */
export const CaipChainId = Schema.String.pipe(
  Schema.check(Schema.isPattern(whole(`${namespacePart}:${referencePart}`))),
  Schema.brand("CaipChainId"),
)
export type CaipChainId = typeof CaipChainId.Type

/** A CAIP-10 account id string such as `eip155:1:0xab16…`, checked against the grammar only. */
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

export class InvalidCaipId extends Schema.TaggedError<InvalidCaipId>()("InvalidCaipId", {
  input: Schema.String,
  message: Schema.String,
}) {}

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

export const formatChainId = (chainId: ChainId): Result.Result<CaipChainId, InvalidCaipId> => {
  const text = `${chainId.namespace}:${chainId.reference}`
  const error = partError(chainId.namespace, chainId.reference)
  return error ? invalid(text, "chain id", error) : Result.succeed(text as CaipChainId)
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
