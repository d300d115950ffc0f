import { Clock, Effect, Option, Result } from "effect"
import { BlockchainApi } from "../api/blockchain/BlockchainApi"
import { NameSuffix } from "../config/constants"
import { type CaipNetworkId, referenceOf } from "../domain/caip"
import { NameError } from "../errors/names"
import { isAccountName, normalizeAccountName } from "../validation/accountName"
import { evmChainIdToCoinType } from "../validation/chainId"

/** A name as registered: the label the user typed, in lowercase, plus the current suffix (.reown.id). */
export const fullAccountName = (label: string): string =>
  `${normalizeAccountName(label)}${NameSuffix.current}`

/** The text the owner signs (EIP-191): the name, its attributes and the time in seconds, as JSON. */
export const nameRegistrationMessage = (fullName: string, timestampMs: number): string =>
  JSON.stringify({ name: fullName, attributes: {}, timestamp: Math.floor(timestampMs / 1000) })

export interface NameRegistrant<E> {
  /** The owner's 0x address. */
  readonly address: string
  /** The eip155 chain the coin type comes from (CAIP-2); §5: below 2^31, else 'Invalid chainId'. */
  readonly chainId: CaipNetworkId
  readonly signMessage: (message: string) => Effect.Effect<string, E>
}

/**
 * §4 registration without the views: checks the label (§5: letters, digits, hyphens, at least 4) and that the
 * name resolves to nobody yet, signs the registration message, posts the §3 payload. Any failure is 'Error
 * registering name' (the cause kept), except the chain id rule's own 'Invalid chainId'. Resolves to the full
 * name. The app's Names service and the CLI both run it.
 */
export const registerAccountName = <E>(label: string, registrant: NameRegistrant<E>) =>
  Effect.gen(function* () {
    if (!isAccountName(label)) return yield* new NameError({ reason: "register", cause: "Invalid name" })
    const coinType = evmChainIdToCoinType(Number(referenceOf(registrant.chainId)))
    if (Result.isFailure(coinType)) return yield* new NameError({ reason: "invalidChainId" })
    const api = yield* BlockchainApi
    const fullName = fullAccountName(label)
    // A name someone holds would be refused only after the wallet signed; a failed lookup decides nothing.
    if (Option.isSome(yield* Effect.option(api.lookupName(fullName))))
      return yield* new NameError({ reason: "register", cause: `${fullName} is already registered` })
    const message = nameRegistrationMessage(fullName, yield* Clock.currentTimeMillis)
    const signature = yield* registrant
      .signMessage(message)
      .pipe(Effect.mapError((cause) => new NameError({ reason: "register", cause })))
    const registered = yield* api.registerName({
      coin_type: coinType.success,
      address: registrant.address,
      message,
      signature,
    })
    if (!registered) return yield* new NameError({ reason: "register", cause: "Registration refused" })
    return fullName
  })
