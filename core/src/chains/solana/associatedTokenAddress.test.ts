import { base58 } from "@scure/base"
import type { Address } from "@solana/kit"
import { findAssociatedTokenPda } from "@solana-program/token"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { associatedTokenAddress } from "./associatedTokenAddress"
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./tokenPrograms"

const address = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => base58.encode(bytes))

describe("associatedTokenAddress", () => {
  it("derives what @solana-program/token derives, for both token programs", async () => {
    await fc.assert(
      fc.asyncProperty(
        address,
        address,
        fc.constantFrom(TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS),
        async (owner, mint, program) => {
          const [expected] = await findAssociatedTokenPda({
            owner: owner as Address,
            mint: mint as Address,
            tokenProgram: program as Address,
          })
          expect(associatedTokenAddress(owner, mint, program)).toBe(expected)
        },
      ),
      { numRuns: 50 },
    )
  })
})
