import type { ChainNamespace } from "@appkit/core"
import { type ChainInput, parseUnits, resolveChainInput, validateAddress } from "@appkit/core/validation"
import { Result } from "effect"
import { invalidInput } from "./output"

/**
 * Command-line values read through the core's one validator for each kind (addresses, chains, amounts):
 * the CLI has no checker of its own. A refusal is invalid input (exit 1) named after its flag, raised
 * before any request leaves the machine.
 */

/** A plain address on `namespace`, in its canonical spelling (EIP-55 for eip155). */
export const readAddress = (value: string, flag: string, namespace: ChainNamespace = "eip155"): string => {
  const verdict = validateAddress(value, { namespace })
  if (!verdict.valid || verdict.normalized === null) throw invalidInput(`${flag}: ${verdict.error}`)
  if (value.includes(":"))
    throw invalidInput(`${flag}: give the plain address, not the CAIP-10 account id '${value}'`)
  return verdict.normalized
}

/** An EVM address, EIP-55 checksummed. */
export const readEvmAddress = (value: string, flag: string): `0x${string}` =>
  readAddress(value, flag, "eip155") as `0x${string}`

/** A chain as a CAIP-2 id, a decimal chain id or a known name; `namespace` holds it to one namespace. */
export const readChain = (value: string, flag = "--chain", namespace?: ChainNamespace): ChainInput => {
  const resolved = resolveChainInput(value, { namespace })
  if (Result.isFailure(resolved)) throw invalidInput(`${flag}: ${resolved.failure.message}`)
  return resolved.success
}

/** A decimal amount of a token with `decimals`, in base units; `positive` refuses zero and negatives. */
export const readAmount = (
  value: string,
  decimals: number,
  options: { readonly flag?: string; readonly positive?: boolean } = {},
): bigint => {
  const flag = options.flag ?? "--amount"
  const parsed = parseUnits(value, decimals)
  if (Result.isFailure(parsed)) throw invalidInput(`${flag}: ${parsed.failure.message}`)
  if (options.positive && parsed.success <= 0n) throw invalidInput(`${flag} must be greater than zero`)
  return parsed.success
}
