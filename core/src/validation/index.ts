// @appkit/core/validation: the exact checks and formats of §5 and §9 (addresses of every namespace, CAIP ids,
// amounts as decimal strings and base units, names, chain ids, e-mail, OTP, u64) and the display forms every
// surface shares (short addresses, USD), as pure functions.

export { AmountString, isAmountString, UnitsString } from "../domain/amount"
export { HttpUrl, RelayUrl, RpcUrl } from "../domain/network"
export { AccountName, isAccountName, normalizeAccountName } from "./accountName"
export { type AddressCheck, InvalidAddress, type ValidAddress } from "./address/AddressCheck"
export { type Bech32Encoding, type Bech32String, decodeBech32 } from "./address/bech32"
export {
  type BitcoinAddress,
  type BitcoinAddressType,
  type BitcoinNetwork,
  bitcoinChainReferences,
  bitcoinNetworks,
  bitcoinScriptPubKey,
  decodeBitcoinAddress,
} from "./address/bitcoin"
export { checksumSuggestion, isChecksumAddress, isHexAddress, toChecksumAddress } from "./address/evm"
export { type CaipIdReport, inspectCaipId } from "./address/inspectCaipId"
export { decodeSs58, type Ss58Address } from "./address/polkadot"
export {
  type AddressVerdict,
  isValidAddress,
  type ValidateAddressOptions,
  validateAddress,
} from "./address/validateAddress"
export {
  AmountPrecisionError,
  DISPLAY_DECIMALS,
  formatBalance,
  formatQuantity,
  formatUnits,
  InvalidAmountError,
  InvalidDecimalsError,
  MAX_DECIMALS,
  type ParseUnitsError,
  parseUnits,
} from "./amount"
export {
  evmChainIdToCoinType,
  InvalidChainIdError,
  isRegistrationChainId,
  REGISTRATION_CHAIN_ID_LIMIT,
  RegistrationChainId,
} from "./chainId"
export { type ChainInput, InvalidChainInput, knownChainNames, resolveChainInput } from "./chainInput"
export { formatUsd, shortAddress } from "./display"
export { Email, isEmail } from "./email"
export { isOtp, OTP_LENGTH, Otp } from "./otp"
export { InvalidU64Error, isU64, parseU64, U64, U64_MAX } from "./u64"
