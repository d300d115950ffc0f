import { base64 } from "@scure/base"
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit"
import {
  getSetComputeUnitLimitInstructionDataDecoder,
  getSetComputeUnitPriceInstructionDataDecoder,
} from "@solana-program/compute-budget"

/** Test support only (not exported): a wire transaction's programs and compute budget, decoded from its bytes. */
export interface DecodedSolanaTransaction {
  /** The program of each instruction, in order. */
  readonly programs: ReadonlyArray<string>
  readonly computeUnitLimit: number | undefined
  readonly computeUnitPriceMicroLamports: bigint | undefined
  readonly feePayer: string | undefined
}

const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111"

export const decodeSolanaTransaction = (wire: string | Uint8Array): DecodedSolanaTransaction => {
  const transaction = getTransactionDecoder().decode(typeof wire === "string" ? base64.decode(wire) : wire)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (message.version === 1) throw new Error("version 1 transactions are not expected here")
  let computeUnitLimit: number | undefined
  let computeUnitPriceMicroLamports: bigint | undefined
  const programs = message.instructions.map((instruction) => {
    const program = message.staticAccounts[instruction.programAddressIndex] as string
    const data = new Uint8Array(instruction.data ?? [])
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2)
      computeUnitLimit = getSetComputeUnitLimitInstructionDataDecoder().decode(data).units
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3)
      computeUnitPriceMicroLamports =
        getSetComputeUnitPriceInstructionDataDecoder().decode(data).microLamports
    return program
  })
  return { programs, computeUnitLimit, computeUnitPriceMicroLamports, feePayer: message.staticAccounts[0] }
}
