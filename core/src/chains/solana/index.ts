// The Solana adapter, loaded only on demand: `@appkit/core/solana`, or `loadSolanaAdapter()` from the main
// entry (a dynamic import, so an app without Solana never downloads @solana/kit or this code).
export { type SolanaAdapter, solanaAdapter } from "./adapter"
export { associatedTokenAddress } from "./associatedTokenAddress"
export { getSolBalance, type SolBalance, solBalance } from "./balance"
export { type SolanaChainMap, SolanaClusters, solanaChainMap } from "./clusters"
export { type ConfirmOptions, waitForSolanaSignature } from "./confirm"
export {
  SolanaSimulationFailed,
  SolanaSubmissionRefused,
  SolanaTransactionExpired,
  SolanaTransactionFailed,
  SolanaTransferError,
  solanaTransferMessages,
} from "./errors"
export {
  decodeSolanaKeypair,
  makeSolanaLocalSigner,
  SolanaKeypairError,
  type SolanaLocalKeypair,
  solanaKeypairMessages,
} from "./localSigner"
export {
  readSolanaBalance,
  type SolanaTransfer,
  solanaRpcOf,
  submitSolanaTransfer,
} from "./networkActions"
export {
  defaultSolanaRpcTimeout,
  makeSolanaRpc,
  type SolanaRpc,
  type SolanaRpcCallError,
  SolanaRpcError,
  type SolanaRpcOptions,
} from "./rpc/SolanaRpc"
export {
  type SendTransferError,
  type SentTransfer,
  type SolanaWallet,
  sendPreparedTransfer,
  sendSol,
  sendSplToken,
  submitPreparedTransfer,
} from "./sendTransfer"
export { signSolanaMessage } from "./signMessage"
export { getSplTokenBalances, type SplTokenBalance } from "./tokenBalances"
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./tokenPrograms"
export {
  type PreparedTransfer,
  type PrepareTransferError,
  prepareSolTransfer,
  prepareSplTransfer,
  readMint,
  type SolTransfer,
  type SplTransfer,
  solTransferFeeLamports,
} from "./transfer"
export {
  discoverWalletStandardWallets,
  isSolanaWallet,
  watchWalletStandardWallets,
} from "./walletStandard/discovery"
export { registerWalletStandardWallets } from "./walletStandard/registerWallets"
export {
  makeWalletStandardConnector,
  type WalletStandardConnector,
  type WalletStandardConnectorError,
  type WalletStandardConnectorOptions,
} from "./walletStandard/WalletStandardConnector"
