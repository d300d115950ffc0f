// The heavy half of the Bitcoin layer (secp256k1, the script interpreter, PSBT and BIP-322): loaded only
// when a page or command verifies a message or reads a PSBT, never with the wallet-connection half.
export { addressFromScript, scriptFromAddress } from "./encoding/address"
export {
  decodeTransaction,
  encodeTransaction,
  type Transaction,
  txid,
  virtualSize,
} from "./encoding/transaction"
export { InvalidMessageSignatureError, InvalidPsbtError } from "./errors"
export {
  type Bip322Verdict,
  bip322MessageHash,
  bip322ToSign,
  bip322ToSpend,
  verifyBip322,
} from "./message/bip322"
export { legacyMessageHash } from "./message/legacy"
export {
  type MessageSignatureProtocol,
  type MessageVerification,
  type VerifyMessageParameters,
  verifyBitcoinMessage,
} from "./message/verifyMessage"
export {
  type PsbtInputSummary,
  type PsbtOutputSummary,
  type PsbtSummary,
  summarizePsbt,
} from "./psbt/inspect"
export {
  decodePsbt,
  decodePsbtText,
  type Psbt,
  type PsbtInput,
  type PsbtOutput,
  psbtTextBytes,
} from "./psbt/psbt"
export { type InputVerdict, verifyInput } from "./script/verifyInput"
