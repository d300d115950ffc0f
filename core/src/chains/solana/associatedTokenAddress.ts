import { sha256 } from "@noble/hashes/sha2.js"
import { base58 } from "@scure/base"
import { isOnEd25519Curve as isOnCurve } from "../../validation/address/ed25519Curve"

export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"

const pdaMarker = new TextEncoder().encode("ProgramDerivedAddress")

/**
 * A program-derived address: sha256(seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress") for the highest bump
 * (255 down) whose hash is off the ed25519 curve, as the runtime derives it. Synchronous (noble), so it needs
 * no WebCrypto, which browsers withhold from pages not served over https.
 */
const findProgramAddress = (seeds: ReadonlyArray<Uint8Array>, program: string): string => {
  const programBytes = base58.decode(program)
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(
      Uint8Array.from([...seeds.flatMap((seed) => [...seed]), bump, ...programBytes, ...pdaMarker]),
    )
    if (!isOnCurve(hash)) return base58.encode(hash)
  }
  throw new Error("no program-derived address exists for these seeds")
}

/** The associated token account of `owner` for `mint` under a token program (SPL Token or Token-2022). */
export const associatedTokenAddress = (owner: string, mint: string, tokenProgram: string): string =>
  findProgramAddress(
    [owner, tokenProgram, mint].map((address) => base58.decode(address)),
    ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  )
