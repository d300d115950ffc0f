import { type Duration, Effect, Ref, Result, Schema } from "effect"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { XverseNetworkError } from "../../../errors/bitcoin"
import { bitcoinChainIds } from "../networks"
import {
  AddressesResult,
  checkRequestParams,
  getAddressesParams,
  knownAddressEntries,
  SendTransferResult,
  SignMessageResult,
  SignPsbtResult,
  sendTransferParams,
  signMessageParams,
  signPsbtParams,
  walletConnectParams,
} from "../request/methods"
import { callRequestApi, decodeResult, type RequestApiProvider } from "../request/protocol"
import {
  type BitcoinConnector,
  type BitcoinWalletEvent,
  defaultPurposes,
  forPurposes,
  psbtBytes,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventStream } from "./walletEvents"

/**
 * Xverse, and every WBIP004 wallet that speaks the same request API (sats-connect's): requests pass
 * through as §7 shapes them. Network names are Xverse's: the testnet is called Testnet4, and testnet3 is
 * not supported ('Network {id} not supported by Xverse wallet').
 */
const xverseNetworkNames: Readonly<Record<BitcoinNetwork, BitcoinNetwork | undefined>> = {
  Mainnet: "Mainnet",
  Testnet: undefined,
  Testnet4: "Testnet4",
  Signet: "Signet",
  Regtest: "Regtest",
}

export const toXverseNetwork = (
  network: BitcoinNetwork,
): Result.Result<BitcoinNetwork, XverseNetworkError> => {
  const name = xverseNetworkNames[network]
  return name === undefined
    ? Result.fail(new XverseNetworkError({ network: bitcoinChainIds[network] ?? network }))
    : Result.succeed(name)
}

/** The network an Xverse name stands for; no name (a reply or event without one) is no network, never testnet3. */
export const fromXverseNetwork = (name: unknown): BitcoinNetwork | undefined =>
  typeof name === "string"
    ? (Object.keys(xverseNetworkNames) as Array<BitcoinNetwork>).find(
        (network) => xverseNetworkNames[network] === name,
      )
    : undefined

const WalletConnectResult = Schema.Struct({
  addresses: Schema.Array(Schema.Unknown),
  network: Schema.optionalKey(Schema.Struct({ bitcoin: Schema.Struct({ name: Schema.String }) })),
})

/** The events a request-API provider emits (`addListener({eventName, cb})`, returning how to stop). */
interface ListenerApi {
  readonly addListener?: (listener: { eventName: string; cb: (event: unknown) => void }) => unknown
}

const decodeAddresses = Schema.decodeUnknownOption(Schema.Array(Schema.Unknown))

/**
 * The network of a networkChange event. It is read from `bitcoin.name` — never `stacks.name`, which names
 * the Stacks network and is what AppKit's handler read, switching Bitcoin on a Stacks change.
 */
export const networkOfEvent = (event: unknown): BitcoinNetwork | undefined => {
  const bitcoin = (event as { bitcoin?: { name?: unknown } } | undefined)?.bitcoin
  return fromXverseNetwork(bitcoin?.name)
}

export interface RequestApiWallet {
  readonly id: string
  readonly name: string
  readonly icon: string
}

export const makeRequestApiConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly provider: RequestApiProvider
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> =>
  Effect.sync(() => {
    const { provider, timeout } = options
    const network = Ref.makeUnsafe<BitcoinNetwork>(options.network ?? "Mainnet")
    const call = (method: string, params?: unknown) => callRequestApi(provider, method, params, timeout)

    const getAccountAddresses: BitcoinConnector["getAccountAddresses"] = (params = {}) =>
      Effect.gen(function* () {
        const purposes = params.purposes ?? defaultPurposes
        const checked = yield* Effect.fromResult(getAddressesParams({ purposes, message: params.message }))
        const result = yield* call("getAddresses", checked).pipe(
          Effect.flatMap(decodeResult("getAddresses", AddressesResult)),
        )
        return forPurposes(knownAddressEntries(result.addresses), purposes)
      })

    const connector: BitcoinConnector = {
      id: options.wallet.id,
      name: options.wallet.name,
      icon: options.wallet.icon,
      kind: "requestApi",
      chain: "bip122",
      network: Ref.get(network),
      connect: (connectOptions = {}) =>
        Effect.gen(function* () {
          const wanted = connectOptions.network ?? (yield* Ref.get(network))
          const params = yield* Effect.fromResult(
            walletConnectParams({
              network: yield* Effect.fromResult(toXverseNetwork(wanted)),
              message: connectOptions.message,
            }),
          )
          const result = yield* call("wallet_connect", params).pipe(
            Effect.flatMap(decodeResult("wallet_connect", WalletConnectResult)),
          )
          yield* Ref.set(network, fromXverseNetwork(result.network?.bitcoin.name) ?? wanted)
          return yield* requireAddresses(knownAddressEntries(result.addresses))
        }),
      disconnect: () => Effect.asVoid(call("wallet_disconnect", null)),
      getAccountAddresses,
      signMessage: (input) =>
        Effect.gen(function* () {
          const params = signMessageParams(input)
          const result = yield* call("signMessage", params).pipe(
            Effect.flatMap(decodeResult("signMessage", SignMessageResult)),
          )
          return {
            address: input.address,
            signature: result.signature,
            protocol: params.protocol === "BIP322" ? ("bip322" as const) : ("ecdsa" as const),
          }
        }),
      signPsbt: (input) =>
        Effect.andThen(
          psbtBytes(input.psbt),
          call("signPsbt", signPsbtParams(input)).pipe(
            Effect.flatMap(decodeResult("signPsbt", SignPsbtResult)),
          ),
        ),
      sendTransfer: (recipients) =>
        Effect.gen(function* () {
          const params = yield* Effect.fromResult(sendTransferParams(recipients, yield* Ref.get(network)))
          const result = yield* call("sendTransfer", params).pipe(
            Effect.flatMap(decodeResult("sendTransfer", SendTransferResult)),
          )
          return result.txid
        }),
      switchNetwork: (target) =>
        Effect.gen(function* () {
          const name = yield* Effect.fromResult(toXverseNetwork(target))
          yield* call("wallet_changeNetwork", { name })
          yield* Ref.set(network, target)
        }),
      request: (method, params) =>
        Effect.andThen(
          Effect.flatMap(Ref.get(network), (current) => checkRequestParams(method, params, current)),
          call(method, params),
        ),
      events: walletEventStream((emit) => {
        const addListener = (provider as ListenerApi).addListener
        if (typeof addListener !== "function") return () => {}
        const listen = (eventName: string, translate: (event: unknown) => BitcoinWalletEvent | undefined) =>
          addListener.call(provider, {
            eventName,
            cb: (event) => {
              const translated = translate(event)
              if (translated) emit(translated)
            },
          })
        const stops = [
          listen("accountChange", (event) => {
            const addresses = decodeAddresses((event as { addresses?: unknown } | undefined)?.addresses)
            return {
              _tag: "accountsChanged",
              addresses: addresses._tag === "Some" ? knownAddressEntries(addresses.value) : undefined,
            }
          }),
          listen("networkChange", (event) => {
            const changed = networkOfEvent(event)
            if (changed === undefined) return undefined
            Effect.runSync(Ref.set(network, changed))
            return { _tag: "networkChanged", network: changed }
          }),
          listen("disconnect", () => ({ _tag: "disconnect" })),
        ]
        return () => {
          for (const stop of stops) if (typeof stop === "function") stop()
        }
      }),
    }
    return connector
  })
