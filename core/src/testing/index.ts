// @appkit/core/testing: test support for apps and for AppKit's own tests: scripted wallets and providers,
// state services over in-memory storage with a TestClock, the API test layer, schema case tables, vectors.

export { scriptedProvider } from "./evmProvider"
export { FakeWindow, fakeFramePort } from "./fakeWindows"
export { apiTestLayer, awaitFetchStatus, runWithApi, testBaseUrl, testProjectId, testSdkQuery } from "./http"
export {
  connectDiscoveredSolanaWallet,
  createLocalSolanaApp,
  discoveredSolanaWallet,
  type LocalSolanaCluster,
} from "./localSolanaApp"
export { base58Alphabet, bech32Alphabet, mutateOneCharacter } from "./mutate"
export { testSigner } from "./personalSign"
export { schemaCases } from "./schemaCases"
export { answerByScript, type FrameScript, scriptedFrameHost } from "./scriptedFrame"
export { type DecodedSolanaTransaction, decodeSolanaTransaction } from "./solanaTransactions"
export {
  accountId,
  base,
  devAccount,
  ethereum,
  network,
  networkId,
  runState,
  type ScriptedWallet,
  scriptedWallet,
  solana,
  storageOver,
  testOptions,
  waitFor,
} from "./testkit"
export { loadVectors, type Vector, type VectorFile } from "./vectors"
