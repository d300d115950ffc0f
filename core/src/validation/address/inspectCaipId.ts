import { Result } from "effect"
import { type ChainId, type InvalidCaipId, parseAccountId, parseChainId } from "../../domain/caip"
import { checkChainReference } from "../../domain/caipProfiles"
import { isChainNamespace } from "../../domain/namespace"
import { bitcoinChainReferences } from "./bitcoin"
import { validateAddress } from "./validateAddress"

/** What a CAIP-2 chain id or CAIP-10 account id is made of, and whether it holds (plain JSON). */
export interface CaipIdReport {
  readonly input: string
  readonly kind: "chain_id" | "account_id" | null
  /** Syntax valid and, for an account id on a known namespace, the address is valid for its chain. */
  readonly valid: boolean
  readonly namespace: string | null
  readonly reference: string | null
  readonly address: string | null
  /** One of the namespaces AppKit connects on (only their account ids are held to a namespace profile). */
  readonly knownNamespace: boolean
  /** bip122 only: the Bitcoin network the reference (genesis hash prefix) names, when it is one we know. */
  readonly bitcoinNetwork: string | null
  readonly normalized: string | null
  readonly error: string | null
}

const unparsed = (input: string, kind: CaipIdReport["kind"], error: string): CaipIdReport => ({
  input,
  kind,
  valid: false,
  namespace: null,
  reference: null,
  address: null,
  knownNamespace: false,
  bitcoinNetwork: null,
  normalized: null,
  error,
})

/**
 * Reads `input` as a chain id (two parts) or an account id (three parts). Syntax follows the CAIP grammar
 * for any namespace; on the namespaces AppKit knows the reference must fit the namespace's profile and an
 * account id is valid only when `validateAddress` accepts its address for that namespace and chain.
 * Never throws.
 */
export const inspectCaipId = (input: string): CaipIdReport => {
  const parts = input.split(":").length
  if (parts !== 2 && parts !== 3)
    return unparsed(
      input,
      null,
      `Invalid CAIP id '${input}': expected namespace:reference or namespace:reference:address`,
    )
  const kind = parts === 2 ? "chain_id" : "account_id"
  const parsed: Result.Result<{ chainId: ChainId; address: string | null }, InvalidCaipId> =
    parts === 2
      ? Result.map(parseChainId(input), (chainId) => ({ chainId, address: null }))
      : parseAccountId(input)
  if (Result.isFailure(parsed)) return unparsed(input, kind, parsed.failure.message)
  const { chainId, address } = parsed.success
  const profiled = checkChainReference(chainId)
  const knownNamespace = isChainNamespace(chainId.namespace)
  const bitcoinNetwork =
    chainId.namespace === "bip122" ? (bitcoinChainReferences[chainId.reference] ?? null) : null
  const base = { input, kind, ...chainId, address, knownNamespace, bitcoinNetwork } as const
  if (Result.isFailure(profiled))
    return { ...base, valid: false, normalized: null, error: profiled.failure.message }
  if (address === null || !knownNamespace) return { ...base, valid: true, normalized: input, error: null }
  const verdict = validateAddress(input)
  return { ...base, valid: verdict.valid, normalized: verdict.normalized, error: verdict.error }
}
