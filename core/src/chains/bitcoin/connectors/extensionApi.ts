import { hex } from "@scure/base"
import type { BitcoinAddressEntry, BitcoinNetwork, MessageSigningProtocol } from "../../../domain/bitcoin"
import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import {
  checkPromptMessage,
  checkRecipient,
  defaultSigningProtocol,
  satoshiNumber,
  Txid,
} from "../request/methods"
import { decodeResult } from "../request/replyShape"
import { walletCall } from "../request/walletCall"
import {
  addressTypeOf,
  type BitcoinConnector,
  type BitcoinWalletEvent,
  forPurposes,
  psbtBytes,
  psbtFromWalletHex,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventListeners } from "./walletEvents"
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
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
  /** Asks for the account (the wallet's prompt). */
  readonly requestAccounts: () => Promise<ReadonlyArray<string>>
  /** Pays one recipient `satoshis`; resolves to the txid. */
  readonly sendOne: (address: string, satoshis: number) => Promise<string>
  readonly switchNetwork: (network: BitcoinNetwork) => Promise<void>
  readonly request: (connector: BitcoinConnector, method: string, params: unknown) => Promise<unknown>
  /** The wallet's network names in its networkChanged event. */
  readonly networkOfEvent?: ((value: unknown) => BitcoinNetwork | undefined) | undefined
}

const malformed = (method: string, what: string) =>
  new BitcoinRpcError({
    code: BitcoinWalletErrorCode.internalError,
    message: `The wallet's reply to ${method} is malformed: ${what}`,
  })

/** One account, offered for both payments and ordinals; a taproot key is given x-only, as BIP-340 uses it. */
/** A secp256k1 public key in hex: compressed (02/03 + 32 bytes), x-only (32 bytes) or uncompressed (04 + 64 bytes). */
const secp256k1PublicKey = /^(?:0[23][0-9a-f]{64}|[0-9a-f]{64}|04[0-9a-f]{128})$/i

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

export const makeExtensionConnector = (spec: ExtensionSpec): BitcoinConnector => {
  const { api, timeout } = spec
  let network = spec.network
  const call = <A>(method: string, run: () => Promise<A>) => walletCall(method, run, timeout)

  const entriesFor = async (accounts: ReadonlyArray<string>) => {
    const address = accounts[0]
    if (typeof address !== "string" || address === "")
      throw new BitcoinError({ reason: "noAddressAvailable" })
    const publicKey = await call("getPublicKey", () => api.getPublicKey())
    if (typeof publicKey !== "string" || !secp256k1PublicKey.test(publicKey))
      throw malformed("getPublicKey", "not a hex key")
    return singleAccountEntries(address, publicKey)
  }

  const connector: BitcoinConnector = {
    id: spec.wallet.id,
    name: spec.wallet.name,
    icon: spec.wallet.icon,
    kind: spec.kind,
    chain: "bip122",
    network: () => network,
    connect: async (options = {}) => {
      checkPromptMessage(options.message)
      if (options.network !== undefined && options.network !== network)
        await spec.switchNetwork(options.network)
      return requireAddresses(await entriesFor(await spec.requestAccounts()))
    },
    // The extension keeps its own permission; there is nothing to release here.
    disconnect: async () => {},
    getAccountAddresses: async (params = {}) => {
      checkPromptMessage(params.message)
      const accounts = await call("getAccounts", () => api.getAccounts())
      return forPurposes(await entriesFor(accounts), params.purposes)
    },
    signMessage: async (input) => {
      const protocol: MessageSigningProtocol = input.protocol ?? defaultSigningProtocol(input.address)
      const signature = await call("signMessage", () =>
        api.signMessage(input.message, protocol === "bip322" ? "bip322-simple" : "ecdsa"),
      )
      if (typeof signature !== "string" || signature === "") throw malformed("signMessage", "no signature")
      return { address: input.address, signature, protocol }
    },
    signPsbt: async (input) => {
      const psbtHex = hex.encode(psbtBytes(input.psbt))
      const broadcast = input.broadcast ?? false
      const push = broadcast ? api.pushPsbt : undefined
      // Refused before the wallet prompts: a signature the app cannot broadcast is not what it asked for.
      if (broadcast && push === undefined) throw new BitcoinError({ reason: "broadcastUnsupported" })
      const signed = await call("signPsbt", () =>
        api.signPsbt(psbtHex, {
          autoFinalized: broadcast,
          toSignInputs: input.signInputs.map(({ index, address, sighashTypes }) => ({
            index,
            address,
            ...(sighashTypes ? { sighashTypes } : {}),
          })),
        }),
      )
      const psbt = psbtFromWalletHex("signPsbt", signed)
      if (push === undefined) return { psbt }
      const txid = decodeResult("pushPsbt", Txid)(await call("pushPsbt", () => push.call(api, signed)))
      return { psbt, txid }
    },
    sendTransfer: async (recipients) => {
      if (recipients.length > 1) throw new BitcoinError({ reason: "singleRecipientOnly" })
      const [recipient] = recipients
      if (recipient === undefined) throw new BitcoinError({ reason: "invalidAmount" })
      checkRecipient(recipient.recipient, network)
      return spec.sendOne(recipient.recipient, satoshiNumber(recipient.amount))
    },
    switchNetwork: async (target) => {
      await spec.switchNetwork(target)
      network = target
    },
    request: (method, params) => spec.request(connector, method, params),
    onEvent: walletEventListeners((emit) => {
      if (typeof api.on !== "function") return () => {}
      const handlers: Record<string, (value: unknown) => void> = {
        accountsChanged: (value) => {
          const accounts = Array.isArray(value) ? value : []
          emit(accounts.length === 0 ? { _tag: "disconnect" } : { _tag: "accountsChanged" })
        },
        networkChanged: (value) => {
          const changed = spec.networkOfEvent?.(value)
          if (changed === undefined) return
          network = changed
          emit({ _tag: "networkChanged", network: changed } satisfies BitcoinWalletEvent)
        },
        disconnect: () => emit({ _tag: "disconnect" }),
      }
      for (const [event, handler] of Object.entries(handlers)) api.on?.call(api, event, handler)
      return () => {
        for (const [event, handler] of Object.entries(handlers)) api.removeListener?.call(api, event, handler)
      }
    }),
  }
  return connector
}
