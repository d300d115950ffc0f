import { Effect, Result } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { NameSuffix } from "../config/constants"
import { NameError } from "../errors/names"
import { evmChainIdToCoinType } from "../validation/chainId"

/** SLIP-44's coin type of Ether: the address a name holds for every EVM chain unless it names one of its own. */
const etherCoinType = "60"

/** A label as names hold them; shorter than a new registration may be (bob.reown.id predates the rule). */
const labelPattern = /^[A-Za-z0-9-]+$/

/**
 * Whether a receiver is a name to resolve (alice.reown.id, or a legacy dave.wcn.id) rather than an address; in
 * any case, as the resolver asks for it in lowercase.
 */
export const isReceiverName = (receiver: string): boolean =>
  [NameSuffix.current, NameSuffix.legacy].some(
    (suffix) =>
      receiver.toLowerCase().endsWith(suffix) && labelPattern.test(receiver.slice(0, -suffix.length)),
  )

/**
 * The address a name holds for an eip155 chain: the chain's own ENSIP-11 entry when the name has one, else
 * its Ether address. A name that does not resolve, or holds no EVM address, is 'Error resolving name'.
 */
export const resolveReceiverName = (name: string, evmChainId: number) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const record = yield* api.lookupName(name.toLowerCase())
    const coinType = Result.getOrUndefined(evmChainIdToCoinType(evmChainId))
    const entry =
      (coinType === undefined ? undefined : record.addresses[String(coinType)]) ??
      record.addresses[etherCoinType]
    if (entry === undefined)
      return yield* new NameError({
        reason: "resolve",
        cause: `${name} holds no address for eip155:${evmChainId}`,
      })
    return entry.address
  })
