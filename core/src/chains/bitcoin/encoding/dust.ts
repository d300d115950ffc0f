/**
 * Bitcoin Core's dust limit of an output (policy's GetDustThreshold at the default dust relay fee, 3 sat/vB):
 * what the output's size plus the input spending it would cost. Nodes refuse to relay a transaction with an
 * output worth less ('dust'), so a transfer below it is refused before anything is signed.
 */
const dustRelayFeeRate = 3

const isWitnessProgram = (script: Uint8Array): boolean => {
  const version = script[0] as number
  return (
    script.length >= 4 &&
    script.length <= 42 &&
    (version === 0x00 || (version >= 0x51 && version <= 0x60)) &&
    script[1] === script.length - 2
  )
}

/** The smallest amount, in satoshis, an output paying `script` may carry: 294 for P2WPKH, 330 for P2TR and P2WSH, 546 for P2PKH. */
export const dustLimit = (script: Uint8Array): bigint => {
  // OP_RETURN outputs are never spent: any amount, zero included, is allowed.
  if (script[0] === 0x6a) return 0n
  const outputSize = 8 + 1 + script.length
  // The spending input: outpoint, script length, a signature and key (a quarter of that in a witness), sequence.
  const inputSize = 32 + 4 + 1 + (isWitnessProgram(script) ? Math.floor(107 / 4) : 107) + 4
  return BigInt((outputSize + inputSize) * dustRelayFeeRate)
}
