import { base64, hex } from "@scure/base"
import type {
  AddressPurpose,
  BitcoinAddressEntry,
  BitcoinAddressType,
  BitcoinNetwork,
  MessageSigningProtocol,
  PsbtSignInput,
  SignPsbtResult,
  TransferInput,
} from "../../../domain/bitcoin"
import {
  BitcoinError,
  type BitcoinMethodNotSupportedError,
  BitcoinRpcError,
  type XverseNetworkError,
} from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { readBitcoinAddress } from "../../../validation/address/bitcoinAddress"
import { type BitcoinTimeoutError, InvalidPsbtError } from "../errors"
import { checkRequestParams, type SignMessageParams } from "../request/methods"

/**
 * The one interface every Bitcoin wallet connection implements (Xverse and WBIP004 request-API wallets,
 * Leather, OKX, Unisat, Wallet Standard wallets, WalletConnect bip122 sessions). Each wallet's own API and
 * quirks stay inside its module; callers see §7's operations as Promises that reject only with a
 * BitcoinConnectorError, every wallet call bounded.
 */
export type BitcoinWalletKind =
  | "requestApi"
  | "leather"
  | "okx"
  | "unisat"
  | "walletStandard"
  | "walletConnect"

export type BitcoinConnectorError =
  | BitcoinError
  | BitcoinRpcError
  | BitcoinTimeoutError
  | XverseNetworkError
  | BitcoinMethodNotSupportedError
  | InvalidPsbtError

/** Wallet events (§3), decoded. */
export type BitcoinWalletEvent =
  | { readonly _tag: "accountsChanged"; readonly addresses?: ReadonlyArray<BitcoinAddressEntry> | undefined }
  | { readonly _tag: "networkChanged"; readonly network: BitcoinNetwork }
  | { readonly _tag: "disconnect" }

export interface SignedMessage {
  readonly address: string
  readonly signature: string
  readonly protocol: MessageSigningProtocol
}

export interface BitcoinConnector {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly kind: BitcoinWalletKind
  readonly chain: "bip122"
  /** Asks the wallet for its addresses (a prompt); `message` is shown there, at most 80 characters. */
  readonly connect: (options?: {
    readonly network?: BitcoinNetwork | undefined
    readonly message?: string | undefined
  }) => Promise<ReadonlyArray<BitcoinAddressEntry>>
  readonly disconnect: () => Promise<void>
  readonly getAccountAddresses: (params?: {
    readonly purposes?: ReadonlyArray<AddressPurpose> | undefined
    readonly message?: string | undefined
  }) => Promise<ReadonlyArray<BitcoinAddressEntry>>
  readonly signMessage: (input: {
    readonly address: string
    readonly message: string
    readonly protocol?: MessageSigningProtocol | undefined
  }) => Promise<SignedMessage>
  readonly signPsbt: (input: {
    readonly psbt: string
    readonly signInputs: ReadonlyArray<PsbtSignInput>
    readonly broadcast?: boolean | undefined
  }) => Promise<SignPsbtResult>
  /** Pays every recipient its satoshi amount; resolves to the txid. */
  readonly sendTransfer: (recipients: ReadonlyArray<TransferInput>) => Promise<string>
  readonly switchNetwork: (network: BitcoinNetwork) => Promise<void>
  /** The network the connector signs for now. */
  readonly network: () => BitcoinNetwork
  /** A raw §7 request in the wallet's own request API (or `requestThroughConnector` for wallets without one). */
  readonly request: (method: string, params?: unknown) => Promise<unknown>
  /** Listens to the wallet's events (§3, decoded); returns how to stop. Never throws. */
  readonly onEvent: (listener: (event: BitcoinWalletEvent) => void) => () => void
}

const entryTypes = new Set<string>(["p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr"])

/** The §3 address type of an address (wallets that report none get it from the address itself). */
export const addressTypeOf = (address: string): BitcoinAddressType => {
  const decoded = readBitcoinAddress(address)
  return typeof decoded !== "string" && entryTypes.has(decoded.type)
    ? (decoded.type as BitcoinAddressType)
    : "p2wpkh"
}

export const defaultPurposes: ReadonlyArray<AddressPurpose> = ["payment", "ordinals", "stacks"]

/** Only the entries for the asked purposes, in the wallet's order. */
export const forPurposes = (
  entries: ReadonlyArray<BitcoinAddressEntry>,
  purposes: ReadonlyArray<AddressPurpose> | undefined,
): ReadonlyArray<BitcoinAddressEntry> =>
  purposes === undefined ? entries : entries.filter((entry) => purposes.includes(entry.purpose))

/** 'No address available' when a wallet connected without a payment (or any) address. */
export const requireAddresses = (
  entries: ReadonlyArray<BitcoinAddressEntry>,
): ReadonlyArray<BitcoinAddressEntry> => {
  if (entries.some((entry) => entry.purpose !== "stacks")) return entries
  throw new BitcoinError({ reason: "noAddressAvailable" })
}

const record = (params: unknown): Record<string, unknown> =>
  typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {}

/**
 * §7's request API served by a connector's operations, for wallets that have no request API of their own
 * (Unisat, OKX, Leather, Wallet Standard, WalletConnect): what sats-connect's adapters do. A method none of
 * them covers is 'Method not supported by the selected wallet'.
 */
export const requestThroughConnector = async (
  connector: BitcoinConnector,
  method: string,
  params: unknown,
): Promise<unknown> => {
  checkRequestParams(method, params, connector.network())
  const given = record(params)
  switch (method) {
    case "getAddresses": {
      // sats-connect's getAddresses is the connection prompt (its Unisat adapter asks requestAccounts):
      // a wallet the site is not connected to yet is asked to connect; a connected one answers at once.
      const purposes = Array.isArray(given.purposes) ? (given.purposes as Array<AddressPurpose>) : undefined
      const message = typeof given.message === "string" ? given.message : undefined
      return { addresses: forPurposes(await connector.connect({ message }), purposes) }
    }
    case "wallet_connect": {
      const addresses = await connector.connect({
        network: given.network as BitcoinNetwork | undefined,
        message: typeof given.message === "string" ? given.message : undefined,
      })
      return { addresses, network: { bitcoin: { name: connector.network() } } }
    }
    case "wallet_disconnect":
    case "wallet_renouncePermissions":
      await connector.disconnect()
      return null
    case "wallet_changeNetwork":
      await connector.switchNetwork(given.name as BitcoinNetwork)
      return null
    case "signMessage": {
      const { address, message, protocol } = given as Partial<SignMessageParams>
      const signed = await connector.signMessage({
        address: String(address ?? ""),
        message: String(message ?? ""),
        protocol: protocol === undefined ? undefined : (protocol.toLowerCase() as MessageSigningProtocol),
      })
      return {
        address: signed.address,
        signature: signed.signature,
        messageHash: "",
        protocol: signed.protocol.toUpperCase(),
      }
    }
    case "signPsbt": {
      const signInputs = Object.entries(record(given.signInputs)).flatMap(([address, indexes]) =>
        Array.isArray(indexes) ? indexes.map((index) => ({ address, index: Number(index) })) : [],
      )
      return connector.signPsbt({
        psbt: String(given.psbt ?? ""),
        signInputs,
        broadcast: given.broadcast === true,
      })
    }
    case "sendTransfer": {
      const recipients = (given.recipients as Array<{ address: string; amount: number }>).map(
        ({ address, amount }) => ({
          recipient: address,
          amount: String(amount),
        }),
      )
      return { txid: await connector.sendTransfer(recipients) }
    }
    default:
      throw new BitcoinError({ reason: "methodNotSupportedBySelectedWallet" })
  }
}

const PSBT_MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff]

/** The bytes of a base64 PSBT the dApp gave; throws InvalidPsbtError before any wallet is bothered. */
export const psbtBytes = (psbt: string): Uint8Array => {
  try {
    const bytes = base64.decode(psbt.trim())
    if (PSBT_MAGIC.every((byte, index) => bytes[index] === byte)) return bytes
  } catch {
    // falls through to the typed failure
  }
  throw new InvalidPsbtError({ reason: "not a base64 PSBT" })
}

/** A signed PSBT a wallet returned as hex, as base64; anything else is a malformed reply (thrown). */
export const psbtFromWalletHex = (method: string, reply: unknown): string => {
  try {
    if (typeof reply === "string" && reply.startsWith("70736274ff")) return base64.encode(hex.decode(reply))
  } catch {
    // falls through to the typed failure
  }
  throw new BitcoinRpcError({
    code: BitcoinWalletErrorCode.internalError,
    message: `The wallet's reply to ${method} is malformed: not a hex PSBT`,
  })
}
