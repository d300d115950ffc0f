import { Result, Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { namespaceOf, parseChainId } from "../domain/caip"
import type { SiwxMessageData } from "../domain/siwx"
import {
  createSiweMessage,
  formatSiweMessage,
  type InvalidSiweMessage,
  type SiweMessage,
} from "./SiweMessage"
import {
  createSolanaSiwxMessage,
  formatSolanaSiwxMessage,
  type SolanaSiwxMessage,
} from "./solana/SolanaSiwxMessage"

/** The CAIP-122 data names a namespace that has no message renderer here yet. */
export class UnsupportedSiwxNamespace extends AppKitError(
  Schema.TaggedError<UnsupportedSiwxNamespace>()("UnsupportedSiwxNamespace", { message: Schema.String }),
  { topic: "Unsupported sign-in namespace" },
) {}

/**
 * CAIP-122 data on an eip155 chain as the EIP-4361 message it stands for. Wallets often report addresses
 * in lowercase: `createSiweMessage` checksums a single-case address and refuses a wrong checksum.
 */
export const siweMessageFromSiwx = (
  data: SiwxMessageData,
): Result.Result<SiweMessage, InvalidSiweMessage | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(data.chainId)
  if (
    Result.isFailure(chain) ||
    chain.success.namespace !== "eip155" ||
    !/^\d+$/.test(chain.success.reference)
  )
    return Result.fail(
      new UnsupportedSiwxNamespace({ message: `Sign-in messages for ${data.chainId} are not supported` }),
    )
  const { accountAddress, chainId: _, ...fields } = data
  return createSiweMessage({
    ...fields,
    address: accountAddress,
    chainId: Number(chain.success.reference),
  })
}

/** The CAIP-122 view of a SIWE message (drops only the optional scheme, which CAIP-122 has no field for). */
export const siwxDataFromSiwe = (message: SiweMessage): SiwxMessageData => {
  const { scheme: _, address, chainId, ...fields } = message
  return { ...fields, accountAddress: address, chainId: `eip155:${chainId}` as SiwxMessageData["chainId"] }
}

/** CAIP-122 data on a solana chain as the Sign-In With Solana message it stands for. */
export const solanaSiwxMessageFromSiwx = (
  data: SiwxMessageData,
): Result.Result<SolanaSiwxMessage, InvalidSiweMessage | UnsupportedSiwxNamespace> => {
  const chain = parseChainId(data.chainId)
  if (Result.isFailure(chain) || chain.success.namespace !== "solana")
    return Result.fail(
      new UnsupportedSiwxNamespace({ message: `Sign-in messages for ${data.chainId} are not supported` }),
    )
  const { accountAddress, chainId: _, ...fields } = data
  return createSolanaSiwxMessage({ ...fields, address: accountAddress, chainId: chain.success.reference })
}

/** The text a wallet signs for CAIP-122 data: EIP-4361 on eip155, Sign-In With Solana on solana. */
export const formatSiwxMessage = (
  data: SiwxMessageData,
): Result.Result<string, InvalidSiweMessage | UnsupportedSiwxNamespace> =>
  namespaceOf(data.chainId) === "solana"
    ? Result.map(solanaSiwxMessageFromSiwx(data), formatSolanaSiwxMessage)
    : Result.map(siweMessageFromSiwx(data), formatSiweMessage)
