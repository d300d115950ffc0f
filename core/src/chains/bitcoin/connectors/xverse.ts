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
import { callRequestApi, type RequestApiProvider } from "../request/protocol"
import { arrayOf, decodeResult, isRecord, string, struct, unknownValue } from "../request/replyShape"
import {
  type BitcoinConnector,
  type BitcoinWalletEvent,
  defaultPurposes,
  forPurposes,
  psbtBytes,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventListeners } from "./walletEvents"

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

/** Xverse's name of a network; one it does not support throws XverseNetworkError. */
export const toXverseNetwork = (network: BitcoinNetwork): BitcoinNetwork => {
  const name = xverseNetworkNames[network]
  if (name === undefined) throw new XverseNetworkError({ network: bitcoinChainIds[network] ?? network })
  return name
}

/** The network an Xverse name stands for; no name (a reply or event without one) is no network, never testnet3. */
export const fromXverseNetwork = (name: unknown): BitcoinNetwork | undefined =>
  typeof name === "string"
    ? (Object.keys(xverseNetworkNames) as Array<BitcoinNetwork>).find(
        (network) => xverseNetworkNames[network] === name,
      )
    : undefined

const WalletConnectResult = struct(
  { addresses: arrayOf(unknownValue) },
  { network: struct({ bitcoin: struct({ name: string }) }) },
)

/** The events a request-API provider emits (`addListener({eventName, cb})`, returning how to stop). */
interface ListenerApi {
  readonly addListener?: (listener: { eventName: string; cb: (event: unknown) => void }) => unknown
}

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
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  const { provider, timeout } = options
  let network: BitcoinNetwork = options.network ?? "Mainnet"
  const call = (method: string, params?: unknown) => callRequestApi(provider, method, params, timeout)

  return {
    id: options.wallet.id,
    name: options.wallet.name,
    icon: options.wallet.icon,
    kind: "requestApi",
    chain: "bip122",
    network: () => network,
    connect: async (connectOptions = {}) => {
      const wanted = connectOptions.network ?? network
      const params = walletConnectParams({
        network: toXverseNetwork(wanted),
        message: connectOptions.message,
      })
      const result = decodeResult("wallet_connect", WalletConnectResult)(await call("wallet_connect", params))
      network = fromXverseNetwork(result.network?.bitcoin.name) ?? wanted
      return requireAddresses(knownAddressEntries(result.addresses))
    },
    disconnect: async () => {
      await call("wallet_disconnect", null)
    },
    getAccountAddresses: async (params = {}) => {
      const purposes = params.purposes ?? defaultPurposes
      const checked = getAddressesParams({ purposes, message: params.message })
      const result = decodeResult("getAddresses", AddressesResult)(await call("getAddresses", checked))
      return forPurposes(knownAddressEntries(result.addresses), purposes)
    },
    signMessage: async (input) => {
      const params = signMessageParams(input)
      const result = decodeResult("signMessage", SignMessageResult)(await call("signMessage", params))
      return {
        address: input.address,
        signature: result.signature,
        protocol: params.protocol === "BIP322" ? "bip322" : "ecdsa",
      }
    },
    signPsbt: async (input) => {
      psbtBytes(input.psbt)
      return decodeResult("signPsbt", SignPsbtResult)(await call("signPsbt", signPsbtParams(input)))
    },
    sendTransfer: async (recipients) => {
      const params = sendTransferParams(recipients, network)
      return decodeResult("sendTransfer", SendTransferResult)(await call("sendTransfer", params)).txid
    },
    switchNetwork: async (target) => {
      await call("wallet_changeNetwork", { name: toXverseNetwork(target) })
      network = target
    },
    request: async (method, params) => {
      checkRequestParams(method, params, network)
      return call(method, params)
    },
    onEvent: walletEventListeners((emit) => {
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
          const addresses = isRecord(event) ? event.addresses : undefined
          return {
            _tag: "accountsChanged",
            addresses: Array.isArray(addresses) ? knownAddressEntries(addresses) : undefined,
          }
        }),
        listen("networkChange", (event) => {
          const changed = networkOfEvent(event)
          if (changed === undefined) return undefined
          network = changed
          return { _tag: "networkChanged", network: changed }
        }),
        listen("disconnect", () => ({ _tag: "disconnect" })),
      ]
      return () => {
        for (const stop of stops) if (typeof stop === "function") stop()
      }
    }),
  }
}
