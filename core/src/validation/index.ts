export { AccountName, isAccountName } from "./accountName"
export * from "./address/index"
export {
  AmountPrecisionError,
  AmountString,
  DISPLAY_DECIMALS,
  formatBalance,
  formatQuantity,
  formatUnits,
  InvalidAmountError,
  InvalidDecimalsError,
  isAmountString,
  MAX_DECIMALS,
  type ParseUnitsError,
  parseUnits,
  UnitsString,
} from "./amount"
export {
  evmChainIdToCoinType,
  InvalidChainIdError,
  isRegistrationChainId,
  REGISTRATION_CHAIN_ID_LIMIT,
  RegistrationChainId,
} from "./chainId"
export { type ChainInput, InvalidChainInput, knownChainNames, resolveChainInput } from "./chainInput"
export { Email, isEmail } from "./email"
export { isOtp, OTP_LENGTH, Otp } from "./otp"
export { InvalidU64Error, isU64, parseU64, U64, U64_MAX } from "./u64"
