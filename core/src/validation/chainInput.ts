import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { type CaipNetworkId, formatChainId, parseChainId } from "../domain/caip"
import { checkChainReference } from "../domain/caipProfiles"
import { type ChainNamespace, chainNamespaces, isChainNamespace } from "../domain/namespace"

/**
 * EVM networks by the names people type (cast's and viem's habit: `mainnet`, not `ethereum`, which would
 * be ambiguous between the network and the namespace).
 */
export const knownChainNames: Readonly<Record<string, number>> = {
  mainnet: 1,
  sepolia: 11155111,
  holesky: 17000,
  hoodi: 560048,
  optimism: 10,
  "optimism-sepolia": 11155420,
  arbitrum: 42161,
  "arbitrum-sepolia": 421614,
  base: 8453,
  "base-sepolia": 84532,
  polygon: 137,
  bsc: 56,
  gnosis: 100,
  avalanche: 43114,
  zksync: 324,
  linea: 59144,
  anvil: 31337,
}

/** A chain named on a command line or in a form, resolved to its CAIP-2 id. */
export interface ChainInput {
  readonly caip2: CaipNetworkId
  readonly namespace: ChainNamespace
  readonly reference: string
  /** eip155 only: the chain id as a number. */
  readonly evmChainId: number | null
}

export class InvalidChainInput extends AppKitError(
  Schema.TaggedError<InvalidChainInput>()("InvalidChainInput", {
    input: Schema.String,
    message: Schema.String,
  }),
  { topic: "Invalid chain" },
) {}

const fail = (input: string, reason: string) =>
  Result.fail(new InvalidChainInput({ input, message: `Invalid chain '${input}': ${reason}` }))

const decimal = /^[0-9]+$/

/**
 * The one reading of a chain argument: a CAIP-2 id on a namespace AppKit connects on (held to that
 * namespace's reference profile), a decimal EVM chain id (`1`), or a known name (`mainnet`, `sepolia`).
 * With `namespace`, anything on another namespace is refused.
 */
export const resolveChainInput = (
  input: string,
  options: { readonly namespace?: ChainNamespace | undefined } = {},
): Result.Result<ChainInput, InvalidChainInput> => {
  const named = knownChainNames[input.toLowerCase()]
  const caip2 = named !== undefined ? `eip155:${named}` : decimal.test(input) ? `eip155:${input}` : input
  if (!caip2.includes(":"))
    return fail(
      input,
      `expected a CAIP-2 id (eip155:1), a decimal chain id (1) or a known name (${Object.keys(knownChainNames).join(", ")})`,
    )
  const parsed = Result.flatMap(parseChainId(caip2), checkChainReference)
  if (Result.isFailure(parsed))
    return fail(input, parsed.failure.message.replace(/^Invalid [^']*'[^']*': /, ""))
  const { namespace, reference } = parsed.success
  if (!isChainNamespace(namespace))
    return fail(input, `'${namespace}' is not one of ${chainNamespaces.join(", ")}`)
  if (options.namespace !== undefined && namespace !== options.namespace)
    return fail(input, `expected an ${options.namespace} chain, got ${namespace}`)
  const evmChainId = namespace === "eip155" ? Number(reference) : null
  if (evmChainId !== null && !Number.isSafeInteger(evmChainId))
    return fail(input, "EVM chain ids above 2^53 - 1 are not supported")
  const id = formatChainId(parsed.success)
  if (Result.isFailure(id)) return fail(input, id.failure.message)
  return Result.succeed({ caip2: id.success, namespace, reference, evmChainId })
}
