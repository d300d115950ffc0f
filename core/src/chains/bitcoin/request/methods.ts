import { pairingMessageLength } from "../../../config/pairingMessage"
import type {
  AddressPurpose,
  BitcoinAddressEntry,
  BitcoinNetwork,
  MessageSigningProtocol,
  PsbtSignInput,
  SignPsbtResult as SignedPsbt,
  TransferInput,
} from "../../../domain/bitcoin"
import {
  addressPurposes,
  bitcoinAddressTypes,
  bitcoinNetworks,
  bitcoinWalletTypes,
} from "../../../domain/bitcoinValues"
import { BitcoinError, invalidAddressError } from "../../../errors/bitcoin"
import { readBitcoinAddress } from "../../../validation/address/bitcoinAddress"
import { addressNetworkOf } from "../networks"
import {
  arrayOf,
  type Guard,
  matching,
  nonEmptyString,
  oneOf,
  readAs,
  string,
  struct,
  unknownValue,
} from "./replyShape"

/**
 * The Bitcoin wallet requests of §7, each as the parameters a wallet receives and the result it must
 * answer with. Builders check what §5 demands before any wallet is asked, and throw the BitcoinError §8
 * names (never a crash).
 */

const invalid = (reason: BitcoinError["reason"]) => new BitcoinError({ reason })

/** §5: 'The message must not exceed 80 characters.' Characters are code points, as a person counts them. */
export const checkPromptMessage = (message: string | undefined): void => {
  if (message !== undefined && [...message].length > pairingMessageLength)
    throw invalid("pairingMessageTooLong")
}

export interface GetAddressesParams {
  readonly purposes: ReadonlyArray<AddressPurpose>
  readonly message?: string | undefined
}

export const getAddressesParams = (params: GetAddressesParams): GetAddressesParams => {
  checkPromptMessage(params.message)
  return params.message === undefined
    ? { purposes: params.purposes }
    : { purposes: params.purposes, message: params.message }
}

export interface WalletConnectParams {
  readonly network?: BitcoinNetwork | undefined
  readonly message?: string | undefined
  readonly addresses?: ReadonlyArray<AddressPurpose> | undefined
}

export const walletConnectParams = (params: WalletConnectParams = {}): WalletConnectParams => {
  checkPromptMessage(params.message)
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined))
}

/** The wire spelling of a message-signing protocol: upper-cased (§7). */
export type WireSigningProtocol = "ECDSA" | "BIP322"

/** §5: ECDSA by default, BIP-322 for segwit and taproot addresses. */
export const defaultSigningProtocol = (address: string): MessageSigningProtocol => {
  const decoded = readBitcoinAddress(address)
  return typeof decoded === "string" || decoded.witnessVersion === null ? "ecdsa" : "bip322"
}

export interface SignMessageParams {
  readonly address: string
  readonly message: string
  readonly protocol: WireSigningProtocol
}

export const signMessageParams = (input: {
  readonly address: string
  readonly message: string
  readonly protocol?: MessageSigningProtocol | undefined
}): SignMessageParams => ({
  address: input.address,
  message: input.message,
  protocol: (input.protocol ?? defaultSigningProtocol(input.address)).toUpperCase() as WireSigningProtocol,
})

export interface SignPsbtParams {
  readonly psbt: string
  /** Input indexes to sign, grouped by the address that signs them (§7). */
  readonly signInputs: Readonly<Record<string, ReadonlyArray<number>>>
  readonly broadcast: boolean
}

/** Groups the inputs to sign by address into sorted, de-duplicated index lists. */
export const groupSignInputs = (
  inputs: ReadonlyArray<PsbtSignInput>,
): Record<string, ReadonlyArray<number>> => {
  const grouped: Record<string, Array<number>> = {}
  for (const { address, index } of inputs) {
    const indexes = grouped[address] ?? []
    if (!indexes.includes(index)) indexes.push(index)
    grouped[address] = indexes
  }
  for (const indexes of Object.values(grouped)) indexes.sort((a, b) => a - b)
  return grouped
}

export const signPsbtParams = (input: {
  readonly psbt: string
  readonly signInputs: ReadonlyArray<PsbtSignInput>
  readonly broadcast?: boolean | undefined
}): SignPsbtParams => ({
  psbt: input.psbt,
  signInputs: groupSignInputs(input.signInputs),
  broadcast: input.broadcast ?? false,
})

export interface SendTransferParams {
  /** Amounts in satoshis, as numbers: what sats-connect wallets take. */
  readonly recipients: ReadonlyArray<{ readonly address: string; readonly amount: number }>
}

const satoshiText = (amount: string | bigint): string =>
  typeof amount === "bigint" ? amount.toString() : amount.trim()

/** Whether `amount` is a whole, positive satoshi amount no larger than 21M BTC (what wallets take). */
export const isSatoshiAmount = (amount: string | bigint): boolean => {
  const text = satoshiText(amount)
  return /^\d{1,16}$/.test(text) && Number(text) > 0 && Number(text) <= 2_100_000_000_000_000
}

/**
 * A satoshi amount as the number wallets expect: a whole, positive amount no larger than 21M BTC, else
 * 'Invalid amount' (AppKit sends 0 for anything non-numeric instead).
 */
export const satoshiNumber = (amount: string | bigint): number => {
  if (!isSatoshiAmount(amount)) throw invalid("invalidAmount")
  return Number(satoshiText(amount))
}

/**
 * §5: a transfer's recipient is a Bitcoin address ('Invalid address'), of the wallet's network when it is
 * known; an address of another network says whose it is (the core's address rule's words).
 */
export const checkRecipient = (address: string, network?: BitcoinNetwork): void => {
  const decoded = readBitcoinAddress(address, network && addressNetworkOf(network))
  if (typeof decoded === "string") throw invalidAddressError(decoded)
}

/** A transfer's parameters, each recipient held to `network` (the wallet's) when given. */
export const sendTransferParams = (
  recipients: ReadonlyArray<TransferInput>,
  network?: BitcoinNetwork,
): SendTransferParams => {
  if (recipients.length === 0) throw invalid("invalidAmount")
  return {
    recipients: recipients.map((recipient) => {
      checkRecipient(recipient.recipient, network)
      return { address: recipient.recipient, amount: satoshiNumber(recipient.amount) }
    }),
  }
}

/** Stacks batch requests (stx_signTransactions): §5 asks for at least one item. */
export const stacksBatchParams = (
  transactions: ReadonlyArray<string>,
  broadcast = true,
): { readonly transactions: ReadonlyArray<string>; readonly broadcast: boolean } => {
  if (transactions.length === 0) throw invalid("stacksBatchEmpty")
  return { transactions, broadcast }
}

// Results, as §7 shapes them (checked by hand-written guards: see replyShape).
/** A wallet's address list, each entry read by `knownAddressEntries`. */
export const AddressesResult = struct({ addresses: arrayOf(unknownValue) })

const BitcoinAddressEntryShape: Guard<BitcoinAddressEntry> = struct({
  address: nonEmptyString,
  purpose: oneOf(addressPurposes),
  publicKey: string,
  addressType: oneOf(bitcoinAddressTypes),
  walletType: oneOf(bitcoinWalletTypes),
})

/**
 * The entries of a wallet's address list that this layer knows, in the wallet's order. Wallets add kinds
 * over time (sats-connect's list Starknet and Spark addresses now): such an entry is left out, never the
 * whole reply with the payment address in it.
 */
export const knownAddressEntries = (entries: ReadonlyArray<unknown>): ReadonlyArray<BitcoinAddressEntry> =>
  entries.flatMap((entry) => {
    const known = readAs(BitcoinAddressEntryShape, entry)
    return known === undefined ? [] : [known]
  })

export const SignMessageResult = struct(
  { signature: nonEmptyString },
  { address: string, messageHash: string, protocol: string },
)
export type SignMessageResult = ReturnType<typeof SignMessageResult>

/** A base64 PSBT: every PSBT starts with the magic bytes "psbt" 0xff, which base64 spells cHNidP8. */
const base64Psbt: Guard<string> = (value, path) =>
  matching(/^cHNidP8[0-9a-zA-Z+/]*={0,2}$/, "a base64 PSBT (starting cHNidP8)")(
    typeof value === "string" && value.length % 4 === 0 ? value : undefined,
    path,
  )

/** §3 PSBT signing result; `txid` only when the wallet broadcast it. */
export const SignPsbtResult: Guard<SignedPsbt> = struct(
  { psbt: base64Psbt },
  { txid: matching(/^[0-9a-f]{64}$/, "a txid") },
)
export type SignPsbtResult = SignedPsbt
/** A transaction id as wallets answer it: 64 hex digits, either case. */
export const Txid = matching(/^[0-9a-f]{64}$/i, "a txid")
export const SendTransferResult = struct({ txid: Txid })
export const WalletNetworkResult = struct({ bitcoin: struct({ name: oneOf(bitcoinNetworks) }) })

/** The methods this layer sends, as wallets spell them. */
export const BitcoinMethods = [
  "getInfo",
  "getAddresses",
  "wallet_connect",
  "wallet_disconnect",
  "wallet_changeNetwork",
  "wallet_renouncePermissions",
  "signMessage",
  "signPsbt",
  "sendTransfer",
  "stx_signTransactions",
] as const
export type BitcoinMethod = (typeof BitcoinMethods)[number]

/**
 * Validates the parameters of a raw `request(method, params)` before a wallet sees them; a transfer's recipients
 * are held to `network` (the wallet's) when given. Throws the BitcoinError of the first rule broken.
 */
export const checkRequestParams = (method: string, params: unknown, network?: BitcoinNetwork): void => {
  const record = (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>
  const message = typeof record.message === "string" ? record.message : undefined
  if (method === "getAddresses" || method === "wallet_connect") checkPromptMessage(message)
  if (
    method === "stx_signTransactions" &&
    (!Array.isArray(record.transactions) || record.transactions.length === 0)
  )
    throw invalid("stacksBatchEmpty")
  if (method === "sendTransfer") {
    const recipients = Array.isArray(record.recipients)
      ? (record.recipients as Array<Record<string, unknown>>)
      : []
    if (recipients.length === 0) throw invalid("invalidAmount")
    for (const recipient of recipients) {
      if (typeof recipient?.address !== "string") throw invalid("invalidAddress")
      checkRecipient(recipient.address, network)
      const amount = recipient.amount
      if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0)
        throw invalid("invalidAmount")
    }
  }
}
