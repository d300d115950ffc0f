import { Effect, Result } from "effect"
import { namespaceOf, parseChainId } from "../domain/caip"
import type { SiwxMessageData } from "../domain/siwx"
import { UnsupportedSiwxNamespace } from "./errors"
import {
  createSiweMessage,
  formatSiweMessage,
  type InvalidSiweMessage,
  type SiweMessage,
} from "./SiweMessage"
import { solanaSiwxText } from "./solana/SolanaSiwxMessage"

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

/** The text a wallet signs for CAIP-122 data: EIP-4361 on eip155, Sign-In With Solana on solana. */
export const formatSiwxMessage = (
  data: SiwxMessageData,
): Result.Result<string, InvalidSiweMessage | UnsupportedSiwxNamespace> =>
  namespaceOf(data.chainId) === "solana" ? solanaSiwxText(data) : siweText(data)

/**
 * `formatSiwxMessage` for an app: Sign-In With Solana's code (its message and address rules) is imported only
 * for a solana chain, so an app whose users sign in with EVM accounts never downloads it.
 */
export const siwxMessageText = (
  data: SiwxMessageData,
): Effect.Effect<string, InvalidSiweMessage | UnsupportedSiwxNamespace> =>
  namespaceOf(data.chainId) === "solana"
    ? Effect.flatMap(
        Effect.promise(() => import("./solana/SolanaSiwxMessage")),
        ({ solanaSiwxText }) => Effect.fromResult(solanaSiwxText(data)),
      )
    : Effect.fromResult(siweText(data))

const siweText = (data: SiwxMessageData) => Result.map(siweMessageFromSiwx(data), formatSiweMessage)
