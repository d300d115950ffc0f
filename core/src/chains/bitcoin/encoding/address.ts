import { sha256 } from "@noble/hashes/sha2.js"
import { bech32, bech32m, createBase58check } from "@scure/base"
import { Result } from "effect"
import {
  type BitcoinNetwork as AddressNetwork,
  bitcoinAddressParams,
  bitcoinScriptPubKey,
  decodeBitcoinAddress,
} from "../../../validation/address/bitcoin"
import { concatBytes } from "./bytes"

const base58check = createBase58check(sha256)

/**
 * The address an output script pays to on `network`, or undefined for scripts no address names (OP_RETURN,
 * bare multisig, non-standard scripts).
 */
export const addressFromScript = (script: Uint8Array, network: AddressNetwork): string | undefined => {
  const params = bitcoinAddressParams[network]
  if (
    script.length === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 20 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return base58check.encode(concatBytes(Uint8Array.of(params.p2pkh), script.subarray(3, 23)))
  if (script.length === 23 && script[0] === 0xa9 && script[1] === 20 && script[22] === 0x87)
    return base58check.encode(concatBytes(Uint8Array.of(params.p2sh), script.subarray(2, 22)))
  const first = script[0] as number
  const version = first === 0 ? 0 : first >= 0x51 && first <= 0x60 ? first - 0x50 : undefined
  const program = script.subarray(2)
  if (version === undefined || script[1] !== program.length || program.length < 2 || program.length > 40)
    return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  const coder = version === 0 ? bech32 : bech32m
  return coder.encode(params.hrp, [version, ...coder.toWords(program)])
}

/** The output script of an address on any network, or undefined when the address is not valid. */
export const scriptFromAddress = (address: string, network?: AddressNetwork): Uint8Array | undefined =>
  Result.match(decodeBitcoinAddress(address, network), {
    onFailure: () => undefined,
    onSuccess: bitcoinScriptPubKey,
  })
