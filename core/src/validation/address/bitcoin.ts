import { Result } from "effect"
import { InvalidAddress } from "./AddressCheck"
import { type BitcoinAddress, type BitcoinNetwork, readBitcoinAddress } from "./bitcoinAddress"
import { Refusal } from "./checked"

export {
  type BitcoinAddress,
  type BitcoinAddressParams,
  type BitcoinAddressType,
  type BitcoinNetwork,
  bitcoinAddressParams,
  bitcoinChainReferences,
  bitcoinNetworks,
  bitcoinScriptPubKey,
  checkBitcoinAddress,
  checkForeignBip122Address,
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
  return decoded instanceof Refusal
    ? Result.fail(new InvalidAddress({ namespace: "bip122", message: decoded.message }))
    : Result.succeed(decoded)
}
