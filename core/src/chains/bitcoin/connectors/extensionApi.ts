import { hex } from "@scure/base"
import { type Duration, Effect, Option, Ref } from "effect"
import type { BitcoinAddressEntry, BitcoinNetwork, MessageSigningProtocol } from "../../../domain/bitcoin"
import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { checkPromptMessage, checkRecipient, defaultSigningProtocol, satoshiNumber } from "../request/methods"
import { walletCall } from "../request/walletCall"
import {
  addressTypeOf,
  type BitcoinConnector,
  type BitcoinConnectorError,
  type BitcoinWalletEvent,
  forPurposes,
  psbtBytes,
  psbtFromWalletHex,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventStream } from "./walletEvents"
import type { RequestApiWallet } from "./xverse"

/**
 * The UniSat-style extension API that Unisat defines and OKX copies: one account, a public key, hex
 * PSBTs with `toSignInputs`, `signMessage(text, 'ecdsa' | 'bip322-simple')`, and `on`/`removeListener`.
 * Unisat and OKX differ in how they connect, send and switch networks; those parts are passed in.
 */
export interface ExtensionBitcoinApi {
  readonly getAccounts: () => Promise<ReadonlyArray<string>>
  readonly getPublicKey: () => Promise<string>
  readonly signMessage: (message: string, type: "ecdsa" | "bip322-simple") => Promise<string>
  readonly signPsbt: (
    psbtHex: string,
    options: {
      readonly autoFinalized: boolean
      readonly toSignInputs: ReadonlyArray<{
        readonly index: number
        readonly address: string
        readonly sighashTypes?: ReadonlyArray<number>
      }>
    },
  ) => Promise<string>
  /** Broadcasts a signed PSBT; a wallet without it (OKX's test networks) is asked for signatures only. */
  readonly pushPsbt?: ((psbtHex: string) => Promise<string>) | undefined
  readonly on?: (event: string, handler: (value: unknown) => void) => void
  readonly removeListener?: (event: string, handler: (value: unknown) => void) => void
}

export const isExtensionBitcoinApi = (value: unknown): value is ExtensionBitcoinApi =>
  typeof value === "object" &&
  value !== null &&
  ["getAccounts", "getPublicKey", "signMessage", "signPsbt"].every(
    (method) => typeof (value as Record<string, unknown>)[method] === "function",
  )

export interface ExtensionSpec {
  readonly wallet: RequestApiWallet
  readonly kind: "unisat" | "okx"
  readonly api: ExtensionBitcoinApi
  readonly network: BitcoinNetwork
  readonly timeout?: Duration.Input | undefined
  /** Asks for the account (the wallet's prompt). */
  readonly requestAccounts: Effect.Effect<ReadonlyArray<string>, BitcoinConnectorError>
  /** Pays one recipient `satoshis`; resolves to the txid. */
  readonly sendOne: (address: string, satoshis: number) => Effect.Effect<string, BitcoinConnectorError>
  readonly switchNetwork: (network: BitcoinNetwork) => Effect.Effect<void, BitcoinConnectorError>
  readonly request: (
    connector: BitcoinConnector,
    method: string,
    params: unknown,
  ) => Effect.Effect<unknown, BitcoinConnectorError>
  /** The wallet's network names in its networkChanged event. */
  readonly networkOfEvent?: ((value: unknown) => BitcoinNetwork | undefined) | undefined
}

const malformed = (method: string, what: string) =>
  new BitcoinRpcError({
    code: BitcoinWalletErrorCode.internalError,
    message: `The wallet's reply to ${method} is malformed: ${what}`,
  })

/** One account, offered for both payments and ordinals; a taproot key is given x-only, as BIP-340 uses it. */
export const singleAccountEntries = (
  address: string,
  publicKey: string,
): ReadonlyArray<BitcoinAddressEntry> => {
  const addressType = addressTypeOf(address)
  const key = addressType === "p2tr" && publicKey.length === 66 ? publicKey.slice(2) : publicKey
  return (["payment", "ordinals"] as const).map((purpose) => ({
    address,
    purpose,
    publicKey: key,
    addressType,
    walletType: "software" as const,
  }))
}

export const makeExtensionConnector = (spec: ExtensionSpec): Effect.Effect<BitcoinConnector> =>
  Effect.sync(() => {
    const { api, timeout } = spec
    const network = Ref.makeUnsafe<BitcoinNetwork>(spec.network)
    const connected = Ref.makeUnsafe(Option.none<ReadonlyArray<BitcoinAddressEntry>>())
    const call = <A>(method: string, run: () => Promise<A>) => walletCall(method, run, timeout)

    const entriesFor = (accounts: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const address = accounts[0]
        if (typeof address !== "string" || address === "")
          return yield* new BitcoinError({ reason: "noAddressAvailable" })
        const publicKey = yield* call("getPublicKey", () => api.getPublicKey())
        if (typeof publicKey !== "string") return yield* malformed("getPublicKey", "not a hex key")
        return singleAccountEntries(address, publicKey)
      })

    const connector: BitcoinConnector = {
      id: spec.wallet.id,
      name: spec.wallet.name,
      icon: spec.wallet.icon,
      kind: spec.kind,
      chain: "bip122",
      network: Ref.get(network),
      connect: (options = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(options.message))
          if (options.network !== undefined && options.network !== (yield* Ref.get(network)))
            yield* spec.switchNetwork(options.network)
          const entries = yield* requireAddresses(yield* entriesFor(yield* spec.requestAccounts))
          yield* Ref.set(connected, Option.some(entries))
          return entries
        }),
      disconnect: () => Ref.set(connected, Option.none()),
      getAccountAddresses: (params = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(params.message))
          const accounts = yield* call("getAccounts", () => api.getAccounts())
          return forPurposes(yield* entriesFor(accounts), params.purposes)
        }),
      signMessage: (input) =>
        Effect.gen(function* () {
          const protocol: MessageSigningProtocol = input.protocol ?? defaultSigningProtocol(input.address)
          const signature = yield* call("signMessage", () =>
            api.signMessage(input.message, protocol === "bip322" ? "bip322-simple" : "ecdsa"),
          )
          if (typeof signature !== "string" || signature === "")
            return yield* malformed("signMessage", "no signature")
          return { address: input.address, signature, protocol }
        }),
      signPsbt: (input) =>
        Effect.gen(function* () {
          const psbtHex = hex.encode(yield* psbtBytes(input.psbt))
          const broadcast = input.broadcast ?? false
          const push = broadcast ? api.pushPsbt : undefined
          // Refused before the wallet prompts: a signature the app cannot broadcast is not what it asked for.
          if (broadcast && push === undefined)
            return yield* new BitcoinError({ reason: "broadcastUnsupported" })
          const signed = yield* call("signPsbt", () =>
            api.signPsbt(psbtHex, {
              autoFinalized: broadcast,
              toSignInputs: input.signInputs.map(({ index, address, sighashTypes }) => ({
                index,
                address,
                ...(sighashTypes ? { sighashTypes } : {}),
              })),
            }),
          )
          const psbt = yield* psbtFromWalletHex("signPsbt", signed)
          if (push === undefined) return { psbt }
          const txid = yield* call("pushPsbt", () => push.call(api, signed as string))
          return { psbt, txid }
        }),
      sendTransfer: (recipients) =>
        Effect.gen(function* () {
          if (recipients.length > 1) return yield* new BitcoinError({ reason: "singleRecipientOnly" })
          const [recipient] = recipients
          if (recipient === undefined) return yield* new BitcoinError({ reason: "invalidAmount" })
          yield* Effect.fromResult(checkRecipient(recipient.recipient, yield* Ref.get(network)))
          return yield* spec.sendOne(
            recipient.recipient,
            yield* Effect.fromResult(satoshiNumber(recipient.amount)),
          )
        }),
      switchNetwork: (target) =>
        Effect.gen(function* () {
          yield* spec.switchNetwork(target)
          yield* Ref.set(network, target)
        }),
      request: (method, params) => spec.request(connector, method, params),
      events: walletEventStream((emit) => {
        if (typeof api.on !== "function") return () => {}
        const handlers: Record<string, (value: unknown) => void> = {
          accountsChanged: (value) => {
            const accounts = Array.isArray(value) ? value : []
            emit(accounts.length === 0 ? { _tag: "disconnect" } : { _tag: "accountsChanged" })
          },
          networkChanged: (value) => {
            const changed = spec.networkOfEvent?.(value)
            if (changed === undefined) return
            Effect.runSync(Ref.set(network, changed))
            emit({ _tag: "networkChanged", network: changed } satisfies BitcoinWalletEvent)
          },
          disconnect: () => emit({ _tag: "disconnect" }),
        }
        for (const [event, handler] of Object.entries(handlers)) api.on?.call(api, event, handler)
        return () => {
          for (const [event, handler] of Object.entries(handlers))
            api.removeListener?.call(api, event, handler)
        }
      }),
    }
    return connector
  })
