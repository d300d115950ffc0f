import { Schema } from "effect"
import { AmountString, UnitsString } from "./amount"
import {
  addressPurposes,
  bitcoinAddressTypes,
  bitcoinNetworks,
  bitcoinWalletTypes,
  messageSigningProtocols,
} from "./bitcoinValues"
import { NonNegativeInt } from "./primitives"

/** §3 Bitcoin layer entities: what the selector lists, what wallets return, what requests take. */

/** Where a wallet can be installed from; the selector opens the first that fits the platform. */
export const InstallUrls = Schema.Struct({
  chromeWebStoreUrl: Schema.optionalKey(Schema.String),
  mozillaAddOnsUrl: Schema.optionalKey(Schema.String),
  googlePlayStoreUrl: Schema.optionalKey(Schema.String),
  iOSAppStoreUrl: Schema.optionalKey(Schema.String),
})
export type InstallUrls = typeof InstallUrls.Type

/** §3 Bitcoin wallet option as the selector shows it. */
export const BitcoinWalletOption = Schema.Struct({
  id: Schema.NonEmptyString,
  name: Schema.String,
  /** Image URL or data: URI. */
  icon: Schema.String,
  isInstalled: Schema.Boolean,
  installPrompt: Schema.optionalKey(Schema.Struct({ url: Schema.String })),
})
export type BitcoinWalletOption = typeof BitcoinWalletOption.Type

export const AddressPurpose = Schema.Literals(addressPurposes)
export type AddressPurpose = typeof AddressPurpose.Type
export const BitcoinAddressType = Schema.Literals(bitcoinAddressTypes)
export type BitcoinAddressType = typeof BitcoinAddressType.Type
export const BitcoinWalletType = Schema.Literals(bitcoinWalletTypes)
export type BitcoinWalletType = typeof BitcoinWalletType.Type

/** §3 Bitcoin address entry returned by getAddresses / wallet_connect. */
export const BitcoinAddressEntry = Schema.Struct({
  address: Schema.NonEmptyString,
  purpose: AddressPurpose,
  publicKey: Schema.String,
  addressType: BitcoinAddressType,
  walletType: BitcoinWalletType,
})
export type BitcoinAddressEntry = typeof BitcoinAddressEntry.Type

/** A base64 PSBT: every PSBT starts with the magic bytes "psbt" 0xff, which base64 spells cHNidP8. */
const Base64Psbt = Schema.String.check(
  Schema.isPattern(/^cHNidP8/, { expected: "a base64 PSBT (starting cHNidP8)" }),
  Schema.isBase64({ expected: "base64" }),
)

/** One input to sign; requests group these by address into index lists (§7). */
export const PsbtSignInput = Schema.Struct({
  address: Schema.NonEmptyString,
  index: NonNegativeInt,
  sighashTypes: Schema.optionalKey(Schema.Array(Schema.Int)),
})
export type PsbtSignInput = typeof PsbtSignInput.Type

/** §3 PSBT signing input. */
export const SignPsbtInput = Schema.Struct({
  psbt: Base64Psbt,
  signInputs: Schema.Array(PsbtSignInput),
  broadcast: Schema.optionalKey(Schema.Boolean),
})
export type SignPsbtInput = typeof SignPsbtInput.Type

/** §3 PSBT signing result; `txid` only when the wallet broadcast it. */
export const SignPsbtResult = Schema.Struct({
  psbt: Base64Psbt,
  txid: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/, { expected: "a txid" }))),
})
export type SignPsbtResult = typeof SignPsbtResult.Type

/** Message-signing protocols; requests upper-case them (§7). ECDSA is the default, BIP-322 for segwit/taproot. */
export const MessageSigningProtocol = Schema.Literals(messageSigningProtocols)
export type MessageSigningProtocol = typeof MessageSigningProtocol.Type

/** §3 Message signing input. */
export const SignMessageInput = Schema.Struct({
  message: Schema.String,
  address: Schema.NonEmptyString,
  protocol: Schema.optionalKey(MessageSigningProtocol),
})
export type SignMessageInput = typeof SignMessageInput.Type

/** §3 Transfer input: `amount` in satoshis, a digit string so no float ever carries it. */
export const TransferInput = Schema.Struct({ recipient: Schema.NonEmptyString, amount: UnitsString })
export type TransferInput = typeof TransferInput.Type

/** §3 Bitcoin balance: the UTXO sum in BTC as an exact decimal string. */
export const BtcBalance = Schema.Struct({ balance: AmountString, symbol: Schema.Literal("BTC") })
export type BtcBalance = typeof BtcBalance.Type

/** §3 Request result: wallets answer every request with success plus a result, or an error object. */
export const RequestResult = Schema.Union([
  Schema.Struct({ status: Schema.Literal("success"), result: Schema.Unknown }),
  Schema.Struct({
    status: Schema.Literal("error"),
    error: Schema.Struct({
      code: Schema.Int,
      message: Schema.String,
      data: Schema.optionalKey(Schema.Unknown),
    }),
  }),
])
export type RequestResult = typeof RequestResult.Type

/** Bitcoin networks (§3). */
export const BitcoinNetwork = Schema.Literals(bitcoinNetworks)
export type BitcoinNetwork = typeof BitcoinNetwork.Type

/** Wallet events (§3) a provider emits. */
export const WalletEventName = Schema.Literals([
  "accountsChanged",
  "chainChanged",
  "connect",
  "disconnect",
  "display_uri",
  "message",
])
export type WalletEventName = typeof WalletEventName.Type
