import { Effect, Result } from "effect"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { checkSolanaAddress } from "../../validation/address/solana"

/** The address if it is a Solana address (§5: 32-44 base58 characters, 32 bytes), else InvalidAddress. */
export const solanaAddress = (input: string): Effect.Effect<string, InvalidAddress> =>
  Effect.fromResult(Result.map(checkSolanaAddress(input), (valid) => valid.normalized))
