export { type AddressCheck, InvalidAddress, type ValidAddress } from "./AddressCheck"
export { type Bech32Encoding, type Bech32String, decodeBech32 } from "./bech32"
export {
  type BitcoinAddress,
  type BitcoinAddressType,
  type BitcoinNetwork,
  bitcoinChainReferences,
  bitcoinNetworks,
  bitcoinScriptPubKey,
  decodeBitcoinAddress,
} from "./bitcoin"
export { checksumSuggestion, isChecksumAddress, isHexAddress, toChecksumAddress } from "./evm"
export { type CaipIdReport, inspectCaipId } from "./inspectCaipId"
export { decodeSs58, type Ss58Address } from "./polkadot"
export {
  type AddressVerdict,
  isValidAddress,
  type ValidateAddressOptions,
  validateAddress,
} from "./validateAddress"
