import { Result } from "effect"
import { accept, type Checked, InvalidAddress, Refusal } from "./AddressCheck"
import {
  type BitcoinAddress,
  type BitcoinNetwork,
  readBitcoinAddress,
  readForeignBip122Address,
} from "./bitcoinAddress"

export {
  type BitcoinAddress,
  type BitcoinAddressParams,
  type BitcoinAddressType,
  type BitcoinNetwork,
  bitcoinAddressParams,
  bitcoinChainReferences,
  bitcoinNetworks,
  bitcoinScriptPubKey,
} from "./bitcoinAddress"

/**
 * Decodes a Bitcoin address for `network`, or for whichever network its prefix names when none is given.
 * Fails with 'Invalid address' for a bad checksum, shape, witness rule or unknown prefix; an address of
 * another network than `network` says whose it is: 'Invalid address: a testnet/signet address, expected
 * mainnet'.
 */
export const decodeBitcoinAddress = (
  input: string,
  network?: BitcoinNetwork,
): Result.Result<BitcoinAddress, InvalidAddress> => {
  const decoded = readBitcoinAddress(input, network)
  return typeof decoded === "string"
    ? Result.fail(new InvalidAddress({ namespace: "bip122", message: decoded }))
    : Result.succeed(decoded)
}

/** The Bitcoin rule as a validator's verdict (address detection and `validateAddress`). */
export const checkBitcoinAddress = (input: string, network?: BitcoinNetwork): Checked => {
  const decoded = readBitcoinAddress(input, network)
  return typeof decoded === "string"
    ? new Refusal(decoded)
    : accept(decoded.normalized, decoded.network, decoded.type)
}

/**
 * Other bip122 chains (Litecoin, Dogecoin, ...) have their own prefixes, which AppKit does not list: the
 * address is held to the chain-independent rules only (segwit with any HRP, or a 20-byte base58check).
 */
export const checkForeignBip122Address = (input: string): Checked => {
  const read = readForeignBip122Address(input)
  return read === undefined ? new Refusal("Invalid address") : accept(read.normalized, null, read.type)
}
