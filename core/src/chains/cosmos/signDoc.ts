import { base64 } from "@scure/base"
import { Result, Schema } from "effect"
import { isU64 } from "../../validation/u64"

/** A protobuf SignDoc (`cosmos.tx.v1beta1.SignDoc`) as cosmjs holds it: what `cosmos_signDirect` signs. */
export interface CosmosSignDoc {
  readonly bodyBytes: Uint8Array
  readonly authInfoBytes: Uint8Array
  readonly chainId: string
  readonly accountNumber: bigint
}

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Standard base64 with padding, as WalletConnect's cosmos RPC carries bytes. */
export const Base64String = Schema.String.check(
  Schema.isPattern(base64Pattern, { expected: "standard base64 with padding" }),
)

/**
 * A SignDoc as WalletConnect's cosmos RPC writes it: bytes in base64, the account number as a decimal
 * string (it is a u64, beyond what a JSON number holds exactly).
 */
export const CosmosSignDocJson = Schema.Struct({
  chainId: Schema.String,
  accountNumber: Schema.String.check(Schema.isPattern(/^\d{1,20}$/, { expected: "a decimal u64" })),
  authInfoBytes: Base64String,
  bodyBytes: Base64String,
})
export type CosmosSignDocJson = typeof CosmosSignDocJson.Type

export const signDocToJson = (signDoc: CosmosSignDoc): CosmosSignDocJson => ({
  chainId: signDoc.chainId,
  accountNumber: signDoc.accountNumber.toString(),
  authInfoBytes: base64.encode(signDoc.authInfoBytes),
  bodyBytes: base64.encode(signDoc.bodyBytes),
})

export const signDocFromJson = (json: CosmosSignDocJson): Result.Result<CosmosSignDoc, string> => {
  const accountNumber = BigInt(json.accountNumber)
  if (!isU64(accountNumber)) return Result.fail(`account number ${json.accountNumber} is beyond a u64`)
  return Result.succeed({
    chainId: json.chainId,
    accountNumber,
    authInfoBytes: base64.decode(json.authInfoBytes),
    bodyBytes: base64.decode(json.bodyBytes),
  })
}

const varint = (value: bigint): Array<number> => {
  const bytes: Array<number> = []
  let rest = value
  while (rest >= 0x80n) {
    bytes.push(Number(rest & 0x7fn) | 0x80)
    rest >>= 7n
  }
  bytes.push(Number(rest))
  return bytes
}

// Field numbers of SignDoc, shifted left 3 with the wire type: 2 (length-delimited) or 0 (varint).
const tags = { bodyBytes: 0x0a, authInfoBytes: 0x12, chainId: 0x1a, accountNumber: 0x20 } as const

const lengthDelimited = (tag: number, bytes: Uint8Array): Array<number> =>
  bytes.length === 0 ? [] : [tag, ...varint(BigInt(bytes.length)), ...bytes]

/**
 * The protobuf encoding of a SignDoc: the bytes `cosmos_signDirect` signs (their SHA-256, by secp256k1).
 * Fields go in field-number order and proto3 leaves out empty bytes, an empty chain id and account number 0,
 * exactly as the cosmos SDK and cosmjs `makeSignBytes` encode it.
 */
export const encodeSignDoc = (signDoc: CosmosSignDoc): Uint8Array =>
  Uint8Array.from([
    ...lengthDelimited(tags.bodyBytes, signDoc.bodyBytes),
    ...lengthDelimited(tags.authInfoBytes, signDoc.authInfoBytes),
    ...lengthDelimited(tags.chainId, new TextEncoder().encode(signDoc.chainId)),
    ...(signDoc.accountNumber === 0n ? [] : [tags.accountNumber, ...varint(signDoc.accountNumber)]),
  ])
