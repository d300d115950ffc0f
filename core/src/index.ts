// The curated public API of @appkit/core. Each concern's folder has its own index.ts; only what a dApp,
// a skin or the CLI needs is re-exported here.
export * from "./api/index"
export * from "./appkit"
export * from "./chains/evm/index"
export * from "./connectors/index"
export * from "./connectors/walletconnect/index"
export * from "./domain/index"
export * from "./errors/index"
export * from "./http/index"
export * from "./rpc/index"
export * from "./state/index"
export * from "./storage/index"
export * from "./validation/index"
