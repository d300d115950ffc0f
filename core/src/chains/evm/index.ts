// @appkit/core/evm: EVM actions on a bare viem client (tree-shakable viem/actions functions, never the
// decorated clients), each failing with typed errors.

export { type EvmClient, type EvmSigner, evmProviderClient, evmRpcClient, evmTransportClient } from "./client"
export { encodeContractCall } from "./encodeContractCall"
export { getTokenBalance, getTokenDecimals, getTokenSymbol } from "./erc20"
export { confirmationTimeoutMs, type EvmError, TransactionConfirmationTimeout } from "./errors"
export { getNativeBalance } from "./getNativeBalance"
export { type EvmBalance, type EvmReadTarget, readBalance, readClient } from "./readBalance"
export { getWalletCapabilities, sendWalletCalls, type WalletCall } from "./sendCalls"
export { nodeGasPrice, sendTransfer, type TransferParameters, transferFee } from "./sendTransfer"
export { signPersonalMessage } from "./signPersonalMessage"
export { signTypedDataV4 } from "./signTypedDataV4"
export { addNetwork, switchNetwork } from "./switchNetwork"
export { evmTransactionSender, type PreparedTransaction } from "./transactionSender"
export { EvmTransports } from "./transports"
export { decodeTypedDataJson, TypedDataV4 } from "./typedData"
export { waitForReceipt } from "./waitForReceipt"
