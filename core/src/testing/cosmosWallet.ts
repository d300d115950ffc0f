import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64, bech32 } from "@scure/base"
import { Effect, Exit, Result } from "effect"
import { cosmosAddressOf } from "../chains/cosmos/address"
import { serializeAminoSignDoc } from "../chains/cosmos/aminoJson"
import { encodeSignDoc, signDocFromJson } from "../chains/cosmos/signDoc"
import type { RpcRequest } from "../connectors/Connector"

/**
 * A cosmos wallet in process for the action tests (test support only, not exported): one secp256k1 key, answering the three
 * WalletConnect cosmos methods the documented way, or with `override` instead, recording every request.
 */
export const inProcessWallet = (
  override?: (
    rpc: RpcRequest,
    wallet: { readonly honest: unknown; readonly signAmino: (doc: unknown) => unknown },
  ) => unknown,
) => {
  const secret = secp256k1.utils.randomSecretKey()
  const publicKey = secp256k1.getPublicKey(secret)
  const address = cosmosAddressOf(publicKey, "cosmos")
  const pub_key = { type: "tendermint/PubKeySecp256k1", value: base64.encode(publicKey) }
  const sign = (bytes: Uint8Array) => ({ pub_key, signature: base64.encode(secp256k1.sign(bytes, secret)) })
  const honest = (rpc: RpcRequest): unknown => {
    const params = rpc.params as { signDoc: never }
    switch (rpc.method) {
      case "cosmos_getAccounts":
        return [{ algo: "secp256k1", address, pubkey: pub_key.value }]
      case "cosmos_signAmino":
        return {
          signed: params.signDoc,
          signature: sign(Result.getOrThrow(serializeAminoSignDoc(params.signDoc))),
        }
      case "cosmos_signDirect":
        return {
          signed: params.signDoc,
          signature: sign(encodeSignDoc(Result.getOrThrow(signDocFromJson(params.signDoc)))),
        }
      default:
        throw new Error(rpc.method)
    }
  }
  const requests: Array<RpcRequest> = []
  const request = (rpc: RpcRequest) =>
    Effect.sync(() => {
      requests.push(rpc)
      const signAmino = (doc: unknown) => sign(Result.getOrThrow(serializeAminoSignDoc(doc)))
      return override ? override(rpc, { honest: honest(rpc), signAmino }) : honest(rpc)
    })
  return { request, requests, address, publicKey, sign }
}

/** The same key's address on Osmosis: a signer a cosmoshub-4 document cannot have. */
export const osmosisAddressOf = (address: string): string =>
  bech32.encode("osmo", bech32.decode(address as `${string}1${string}`).words)

/** How a sign action refuses an osmo1… signer of a cosmoshub-4 document. */
export const wrongChainSigner = (osmo: string) =>
  Exit.fail({
    _tag: "CosmosSignatureError",
    reason: "invalidAddress",
    detail: `${osmo}: prefix 'osmo' does not belong to this chain (expected 'cosmos')`,
  })
