import { Effect, Option, Result, Schema } from "effect"
import { Limits } from "../../../config/constants"
import {
  type AddressPurpose,
  BitcoinAddressEntry,
  BitcoinNetwork,
  type MessageSigningProtocol,
  type PsbtSignInput,
  SignPsbtResult,
  type TransferInput,
} from "../../../domain/bitcoin"
import { BitcoinError, invalidAddressError } from "../../../errors/bitcoin"
import { decodeBitcoinAddress } from "../../../validation/address/bitcoin"
import { addressNetworkOf } from "../networks"

/**
 * The Bitcoin wallet requests of §7, each as the parameters a wallet receives and the result it must
 * answer with. Builders check what §5 demands before any wallet is asked.
 */

const invalid = (reason: BitcoinError["reason"]) => new BitcoinError({ reason })

/** §5: 'The message must not exceed 80 characters.' Characters are code points, as a person counts them. */
export const checkPromptMessage = (message: string | undefined): Result.Result<void, BitcoinError> =>
  message !== undefined && [...message].length > Limits.pairingMessageLength
    ? Result.fail(invalid("pairingMessageTooLong"))
    : Result.void

export interface GetAddressesParams {
  readonly purposes: ReadonlyArray<AddressPurpose>
  readonly message?: string | undefined
}

export const getAddressesParams = (
  params: GetAddressesParams,
): Result.Result<GetAddressesParams, BitcoinError> =>
  Result.map(checkPromptMessage(params.message), () =>
    params.message === undefined
      ? { purposes: params.purposes }
      : { purposes: params.purposes, message: params.message },
  )

export interface WalletConnectParams {
  readonly network?: BitcoinNetwork | undefined
  readonly message?: string | undefined
  readonly addresses?: ReadonlyArray<AddressPurpose> | undefined
}

export const walletConnectParams = (
  params: WalletConnectParams = {},
): Result.Result<WalletConnectParams, BitcoinError> =>
  Result.map(checkPromptMessage(params.message), () =>
    Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)),
  )

/** The wire spelling of a message-signing protocol: upper-cased (§7). */
export type WireSigningProtocol = "ECDSA" | "BIP322"

/** §5: ECDSA by default, BIP-322 for segwit and taproot addresses. */
export const defaultSigningProtocol = (address: string): MessageSigningProtocol =>
  Result.match(decodeBitcoinAddress(address), {
    onFailure: () => "ecdsa" as const,
    onSuccess: (decoded) => (decoded.witnessVersion === null ? "ecdsa" : "bip322"),
  })

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

/**
 * A satoshi amount as the number wallets expect: a whole, positive amount no larger than 21M BTC, else
 * 'Invalid amount' (AppKit sends 0 for anything non-numeric instead).
 */
export const satoshiNumber = (amount: string | bigint): Result.Result<number, BitcoinError> => {
  const text = typeof amount === "bigint" ? amount.toString() : amount.trim()
  if (!/^\d{1,16}$/.test(text)) return Result.fail(invalid("invalidAmount"))
  const value = Number(text)
  return value > 0 && value <= 2_100_000_000_000_000
    ? Result.succeed(value)
    : Result.fail(invalid("invalidAmount"))
}

/**
 * §5: a transfer's recipient is a Bitcoin address ('Invalid address'), of the wallet's network when it is
 * known; an address of another network says whose it is (the core's address rule's words).
 */
export const checkRecipient = (
  address: string,
  network?: BitcoinNetwork,
): Result.Result<void, BitcoinError> => {
  const decoded = decodeBitcoinAddress(address, network && addressNetworkOf(network))
  return Result.isSuccess(decoded) ? Result.void : Result.fail(invalidAddressError(decoded.failure.message))
}

/** A transfer's parameters, each recipient held to `network` (the wallet's) when given. */
export const sendTransferParams = (
  recipients: ReadonlyArray<TransferInput>,
  network?: BitcoinNetwork,
): Result.Result<SendTransferParams, BitcoinError> =>
  Result.gen(function* () {
    if (recipients.length === 0) return yield* Result.fail(invalid("invalidAmount"))
    const checked: Array<{ address: string; amount: number }> = []
    for (const recipient of recipients) {
      yield* checkRecipient(recipient.recipient, network)
      checked.push({ address: recipient.recipient, amount: yield* satoshiNumber(recipient.amount) })
    }
    return { recipients: checked }
  })

/** Stacks batch requests (stx_signTransactions): §5 asks for at least one item. */
export const stacksBatchParams = (
  transactions: ReadonlyArray<string>,
  broadcast = true,
): Result.Result<
  { readonly transactions: ReadonlyArray<string>; readonly broadcast: boolean },
  BitcoinError
> =>
  transactions.length === 0
    ? Result.fail(invalid("stacksBatchEmpty"))
    : Result.succeed({ transactions, broadcast })

// Results, as §7 shapes them.
/** A wallet's address list, each entry read by `knownAddressEntries`. */
export const AddressesResult = Schema.Struct({ addresses: Schema.Array(Schema.Unknown) })

const decodeAddressEntry = Schema.decodeUnknownOption(BitcoinAddressEntry)

/**
 * The entries of a wallet's address list that this layer knows, in the wallet's order. Wallets add kinds
 * over time (sats-connect's list Starknet and Spark addresses now): such an entry is left out, never the
 * whole reply with the payment address in it.
 */
export const knownAddressEntries = (entries: ReadonlyArray<unknown>): ReadonlyArray<BitcoinAddressEntry> =>
  entries.flatMap((entry) => Option.toArray(decodeAddressEntry(entry)))
export const SignMessageResult = Schema.Struct({
  signature: Schema.NonEmptyString,
  address: Schema.optionalKey(Schema.String),
  messageHash: Schema.optionalKey(Schema.String),
  protocol: Schema.optionalKey(Schema.String),
})
export type SignMessageResult = typeof SignMessageResult.Type
export { SignPsbtResult }
export const SendTransferResult = Schema.Struct({
  txid: Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/i, { expected: "a txid" })),
})
export const WalletNetworkResult = Schema.Struct({ bitcoin: Schema.Struct({ name: BitcoinNetwork }) })

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
 * are held to `network` (the wallet's) when given.
 */
export const checkRequestParams = (
  method: string,
  params: unknown,
  network?: BitcoinNetwork,
): Effect.Effect<void, BitcoinError> => {
  const record = (typeof params === "object" && params !== null ? params : {}) as Record<string, unknown>
  const message = typeof record.message === "string" ? record.message : undefined
  if (
    (method === "getAddresses" || method === "wallet_connect") &&
    Result.isFailure(checkPromptMessage(message))
  )
    return Effect.fail(invalid("pairingMessageTooLong"))
  if (
    method === "stx_signTransactions" &&
    (!Array.isArray(record.transactions) || record.transactions.length === 0)
  )
    return Effect.fail(invalid("stacksBatchEmpty"))
  if (method === "sendTransfer") {
    const recipients = Array.isArray(record.recipients)
      ? (record.recipients as Array<Record<string, unknown>>)
      : []
    if (recipients.length === 0) return Effect.fail(invalid("invalidAmount"))
    for (const recipient of recipients) {
      if (typeof recipient?.address !== "string") return Effect.fail(invalid("invalidAddress"))
      const address = checkRecipient(recipient.address, network)
      if (Result.isFailure(address)) return Effect.fail(address.failure)
      const amount = recipient.amount
      if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0)
        return Effect.fail(invalid("invalidAmount"))
    }
  }
  return Effect.void
}
