import { Effect } from "effect"
import { InvalidAddress, Refusal } from "../../validation/address/AddressCheck"
import { checkSolanaAddress } from "../../validation/address/solana"

/** The address if it is a Solana address (§5: 32-44 base58 characters, 32 bytes), else InvalidAddress. */
export const solanaAddress = (input: string): Effect.Effect<string, InvalidAddress> => {
  const checked = checkSolanaAddress(input)
  return checked instanceof Refusal
    ? Effect.fail(new InvalidAddress({ namespace: "solana", message: checked.message }))
    : Effect.succeed(input)
}
