import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { scriptFromAddress } from "../encoding/address"
import { toHex, toReversedHex } from "../encoding/bytes"
import { txHash } from "../encoding/transaction"
import { bip322MessageHash, bip322ToSign, bip322ToSpend, verifyBip322 } from "./bip322"

interface Bip322Vector {
  readonly id: string
  readonly section: string
  readonly valid: boolean
  readonly input: { readonly message: string; readonly address: string; readonly signature?: string }
  readonly expected?: { message_hash: string; to_spend_txid: string; to_sign_txid: string }
}

const { vectors } = loadVectors<Bip322Vector>("bip322.json")

describe("bip322.json conformance", () => {
  for (const vector of vectors) {
    const { message, address, signature } = vector.input
    it(vector.id, () => {
      const script = scriptFromAddress(address)
      expect(script).toBeDefined()
      if (vector.section === "tx_hashes") {
        const toSpend = bip322ToSpend(message, script as Uint8Array)
        expect(toHex(bip322MessageHash(message))).toBe(vector.expected?.message_hash)
        expect(toReversedHex(txHash(toSpend))).toBe(vector.expected?.to_spend_txid)
        expect(toReversedHex(txHash(bip322ToSign(toSpend)))).toBe(vector.expected?.to_sign_txid)
        return
      }
      const verdict = verifyBip322(message, script as Uint8Array, signature as string)
      expect(verdict.valid, verdict.valid ? "valid" : verdict.reason).toBe(vector.valid)
    })
  }
})
