export { AmountString, isAmountString, UnitsString } from "../domain/amount"
export { AccountName, isAccountName } from "./accountName"
export * from "./address/index"
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
export { Email, isEmail } from "./email"
export { isOtp, OTP_LENGTH, Otp } from "./otp"
export { InvalidU64Error, isU64, parseU64, U64, U64_MAX } from "./u64"
