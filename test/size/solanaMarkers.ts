import type { OutputChunk } from "rolldown"

/**
 * Strings only the Solana adapter's code holds: the compute-budget program (from @solana-program), the
 * Token-2022 program id and the Wallet Standard app-ready event. (Solana address validation and the
 * Sign-In With Solana text are core rules, small and meant to stay in the main bundle.)
 */
export const solanaMarkers = [
  "ComputeBudget111111111111111111111111111111",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
  "wallet-standard:app-ready",
] as const

export const hasSolanaCode = (chunk: OutputChunk) =>
  solanaMarkers.some((marker) => chunk.code.includes(marker))
