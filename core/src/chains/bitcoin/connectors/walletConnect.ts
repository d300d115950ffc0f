import { base64, hex } from "@scure/base"
import { type Duration, Effect, Option, Result, Schema, Stream } from "effect"
import type { Connector } from "../../../connectors/Connector"
import type { AddressPurpose, BitcoinAddressEntry, BitcoinNetwork } from "../../../domain/bitcoin"
import {
  addressOfAccount,
  type CaipAccountId,
  type CaipNetworkId,
  networkOfAccount,
} from "../../../domain/caip"
import { BitcoinError, BitcoinMethodNotSupportedError } from "../../../errors/bitcoin"
import { bitcoinChainIds, bitcoinNetworkOfChainId } from "../networks"
import {
  checkPromptMessage,
  checkRecipient,
  defaultSigningProtocol,
  SendTransferResult,
  SignPsbtResult,
  satoshiNumber,
} from "../request/methods"
import { decodeResult } from "../request/protocol"
import { toBitcoinRpcError, withinWalletTimeout } from "../request/walletCall"
import {
  addressTypeOf,
  type BitcoinConnector,
  type BitcoinConnectorError,
  type BitcoinWalletEvent,
  forPurposes,
  psbtBytes,
  requireAddresses,
} from "./BitcoinConnector"

/**
 * A WalletConnect wallet's bip122 session, reached through the WalletConnect connector's `request`. The
 * pairing session methods are signMessage, sendTransfer, getAccountAddresses and signPsbt; one the wallet
 * did not approve is 'Method {method} is not supported'. Requests go to the dApp's active Bitcoin network.
 */
export interface WalletConnectBitcoinSession {
  readonly accounts: ReadonlyArray<CaipAccountId>
  readonly chainId: CaipNetworkId
  readonly methods?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

export interface WalletConnectBitcoinOptions {
  readonly connector: Pick<Connector, "request" | "switchChain" | "disconnect" | "events"> & {
    readonly session: Effect.Effect<Option.Option<WalletConnectBitcoinSession>>
  }
  /** The dApp's active Bitcoin network; none is 'Chain not found'. */
  readonly activeNetwork: () => BitcoinNetwork | undefined
  readonly name?: string | undefined
  readonly icon?: string | undefined
  readonly timeout?: Duration.Input | undefined
}

const AccountAddress = Schema.Union([
  Schema.String,
  Schema.Struct({
    address: Schema.NonEmptyString,
    publicKey: Schema.optionalKey(Schema.Unknown),
    path: Schema.optionalKey(Schema.String),
    intention: Schema.optionalKey(Schema.String),
  }),
])
const AccountAddresses = Schema.Array(AccountAddress)
const SignedMessage = Schema.Struct({
  signature: Schema.NonEmptyString,
  address: Schema.optionalKey(Schema.String),
})

/** WalletConnect wallets answer signatures in hex; the layer speaks base64 like every other wallet. */
const signatureAsBase64 = (signature: string) =>
  /^([0-9a-f]{2})+$/i.test(signature) ? base64.encode(hex.decode(signature)) : signature

const publicKeyText = (key: unknown): string =>
  typeof key === "string" ? key : key instanceof Uint8Array ? hex.encode(key) : ""

const intentions = (purposes: ReadonlyArray<AddressPurpose> | undefined) =>
  (purposes ?? ["payment", "ordinals"]).flatMap((purpose) =>
    purpose === "payment" ? ["payment"] : purpose === "ordinals" ? ["ordinal"] : [],
  )

export const makeWalletConnectBitcoinConnector = (
  options: WalletConnectBitcoinOptions,
): Effect.Effect<BitcoinConnector> =>
  Effect.sync(() => {
    const { connector: walletConnect, timeout } = options

    const chain = Effect.suspend(() => {
      const network = options.activeNetwork()
      return network === undefined
        ? Effect.fail(new BitcoinError({ reason: "chainNotFound" }))
        : Effect.succeed(bitcoinChainIds[network])
    })

    const session = Effect.flatMap(walletConnect.session, (current) =>
      Option.isSome(current)
        ? Effect.succeed(current.value)
        : Effect.fail(new BitcoinError({ reason: "accountNotFound" })),
    )

    /** The session's address on the active chain ('Account not found' / 'Address not found'). */
    const account = Effect.gen(function* () {
      const chainId = yield* chain
      const { accounts } = yield* session
      const caip10 = accounts.find((candidate) => networkOfAccount(candidate) === chainId)
      if (caip10 === undefined) return yield* new BitcoinError({ reason: "accountNotFound" })
      const address = addressOfAccount(caip10)
      if (!address) return yield* new BitcoinError({ reason: "addressNotFound" })
      return address
    })

    const call = (method: string, params: unknown): Effect.Effect<unknown, BitcoinConnectorError> =>
      Effect.gen(function* () {
        const chainId = yield* chain
        const current = yield* session
        const approved = current.methods?.bip122
        if (approved !== undefined && !approved.includes(method))
          return yield* new BitcoinMethodNotSupportedError({ method })
        if (current.chainId !== chainId)
          yield* Effect.mapError(walletConnect.switchChain(chainId), toBitcoinRpcError)
        const result = yield* withinWalletTimeout(
          method,
          Effect.mapError(walletConnect.request({ method, params }), toBitcoinRpcError),
          timeout,
        )
        if (result === null || result === undefined) return yield* new BitcoinError({ reason: "noResponse" })
        return result
      })

    const getAccountAddresses: BitcoinConnector["getAccountAddresses"] = (params = {}) =>
      Effect.gen(function* () {
        yield* Effect.fromResult(checkPromptMessage(params.message))
        const address = yield* account
        const listed = yield* call("getAccountAddresses", {
          account: address,
          intentions: intentions(params.purposes),
        }).pipe(Effect.flatMap(decodeResult("getAccountAddresses", AccountAddresses)))
        const entries = listed.map((entry): BitcoinAddressEntry => {
          const value = typeof entry === "string" ? { address: entry } : entry
          const purpose: AddressPurpose =
            "intention" in value && value.intention === "ordinal" ? "ordinals" : "payment"
          return {
            address: value.address,
            purpose,
            publicKey: publicKeyText("publicKey" in value ? value.publicKey : undefined),
            addressType: addressTypeOf(value.address),
            walletType: "software",
          }
        })
        return forPurposes(entries, params.purposes)
      })

    const connector: BitcoinConnector = {
      id: "walletConnect",
      name: options.name ?? "WalletConnect",
      icon: options.icon ?? "",
      kind: "walletConnect",
      chain: "bip122",
      network: Effect.sync(() => options.activeNetwork() ?? "Mainnet"),
      connect: (connectOptions = {}) =>
        Effect.gen(function* () {
          if (connectOptions.network !== undefined) yield* connector.switchNetwork(connectOptions.network)
          return yield* requireAddresses(yield* getAccountAddresses({ message: connectOptions.message }))
        }),
      disconnect: () => Effect.mapError(walletConnect.disconnect(), toBitcoinRpcError),
      getAccountAddresses,
      signMessage: (input) =>
        Effect.gen(function* () {
          const address = yield* account
          const protocol = input.protocol ?? defaultSigningProtocol(input.address)
          const result = yield* call("signMessage", {
            message: input.message,
            account: address,
            address: input.address,
            protocol,
          }).pipe(Effect.flatMap(decodeResult("signMessage", SignedMessage)))
          return { address: input.address, signature: signatureAsBase64(result.signature), protocol }
        }),
      signPsbt: (input) =>
        Effect.gen(function* () {
          yield* psbtBytes(input.psbt)
          return yield* call("signPsbt", {
            account: yield* account,
            psbt: input.psbt,
            signInputs: input.signInputs,
            broadcast: input.broadcast ?? false,
          }).pipe(Effect.flatMap(decodeResult("signPsbt", SignPsbtResult)))
        }),
      sendTransfer: (recipients) =>
        Effect.gen(function* () {
          if (recipients.length > 1) return yield* new BitcoinError({ reason: "singleRecipientOnly" })
          const [recipient] = recipients
          if (recipient === undefined) return yield* new BitcoinError({ reason: "invalidAmount" })
          yield* Effect.fromResult(checkRecipient(recipient.recipient, options.activeNetwork()))
          const amount = yield* Effect.fromResult(satoshiNumber(recipient.amount))
          const result = yield* call("sendTransfer", {
            account: yield* account,
            recipientAddress: recipient.recipient,
            amount: String(amount),
          }).pipe(Effect.flatMap(decodeResult("sendTransfer", SendTransferResult)))
          return result.txid
        }),
      switchNetwork: (target) =>
        Effect.gen(function* () {
          const chainId = bitcoinChainIds[target]
          const { accounts } = yield* session
          if (!accounts.some((candidate) => networkOfAccount(candidate) === chainId))
            return yield* new BitcoinError({ reason: "networkUnsupportedByWallet" })
          yield* Effect.mapError(walletConnect.switchChain(chainId), toBitcoinRpcError)
        }),
      request: call,
      events: walletConnect.events.pipe(
        Stream.filterMap((event): Result.Result<BitcoinWalletEvent, undefined> => {
          if (event._tag === "disconnect") return Result.succeed({ _tag: "disconnect" })
          if (event._tag === "accountsChanged") return Result.succeed({ _tag: "accountsChanged" })
          const network = event._tag === "chainChanged" ? bitcoinNetworkOfChainId(event.chainId) : undefined
          return network === undefined
            ? Result.fail(undefined)
            : Result.succeed({ _tag: "networkChanged", network })
        }),
      ),
    }
    return connector
  })
