import type { BitcoinNetwork as AddressNetwork } from "../../../validation/address/bitcoin"
import { addressFromScript } from "../encoding/address"
import { toHex, toReversedHex } from "../encoding/bytes"
import type { Psbt, PsbtInput } from "./psbt"

/** What a person reviewing a PSBT needs: who is paid what, which inputs carry signatures, and the fee. */
export interface PsbtInputSummary {
  readonly index: number
  readonly txid: string
  readonly vout: number
  readonly sequence: number
  /** Satoshis of the spent output, when the PSBT carries it. */
  readonly value?: bigint | undefined
  readonly address?: string | undefined
  /** Signatures present (partial ECDSA signatures, taproot key and script signatures). */
  readonly signatures: number
  /** Signed: it has a signature, or is finalized. */
  readonly signed: boolean
  /** Finalized: it has its final scriptSig or witness. */
  readonly finalized: boolean
}

export interface PsbtOutputSummary {
  readonly index: number
  readonly value: bigint
  readonly address?: string | undefined
  readonly script: string
}

export interface PsbtSummary {
  readonly version: 0 | 2
  readonly txVersion: number
  readonly lockTime: number | undefined
  readonly inputs: ReadonlyArray<PsbtInputSummary>
  readonly outputs: ReadonlyArray<PsbtOutputSummary>
  readonly totalOutput: bigint
  /** Known when every input's spent output is. */
  readonly totalInput?: bigint | undefined
  /**
   * Inputs minus outputs, in satoshis (negative means overspent), once every input's amount is known; none
   * while there are no inputs (a creator has not added them yet).
   */
  readonly fee?: bigint | undefined
}

const signatureCount = (input: PsbtInput) =>
  input.partialSignatures.length + (input.tapKeySignature ? 1 : 0) + input.tapScriptSignatureCount

export const summarizePsbt = (psbt: Psbt, network: AddressNetwork = "mainnet"): PsbtSummary => {
  const inputs = psbt.inputs.map((input, index): PsbtInputSummary => {
    const finalized = input.finalScriptSig !== undefined || input.finalScriptWitness !== undefined
    const signatures = signatureCount(input)
    return {
      index,
      txid: toReversedHex(input.prevTxHash),
      vout: input.prevIndex,
      sequence: input.sequence,
      value: input.spentOutput?.value,
      address: input.spentOutput ? addressFromScript(input.spentOutput.script, network) : undefined,
      signatures,
      signed: finalized || signatures > 0,
      finalized,
    }
  })
  const outputs = psbt.outputs.map((output, index) => ({
    index,
    value: output.value,
    address: addressFromScript(output.script, network),
    script: toHex(output.script),
  }))
  const totalOutput = outputs.reduce((sum, output) => sum + output.value, 0n)
  const values = inputs.map((input) => input.value)
  const totalInput = values.every((value): value is bigint => value !== undefined)
    ? values.reduce((sum, value) => sum + value, 0n)
    : undefined
  return {
    version: psbt.version,
    txVersion: psbt.txVersion,
    lockTime: psbt.lockTime,
    inputs,
    outputs,
    totalOutput,
    totalInput,
    fee: totalInput === undefined || inputs.length === 0 ? undefined : totalInput - totalOutput,
  }
}
