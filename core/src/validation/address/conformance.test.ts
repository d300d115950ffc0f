import { hex } from "@scure/base"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadVectors, type Vector } from "../../testing/vectors"
import { decodeBech32 } from "./bech32"
import { type BitcoinNetwork, bitcoinNetworks, bitcoinScriptPubKey, decodeBitcoinAddress } from "./bitcoin"
import { isChecksumAddress, isHexAddress, toChecksumAddress } from "./evm"
import { validateAddress } from "./validateAddress"

// One `it` per vector, named by its id (../shared/vectors/SOURCES.md describes each file).

interface TextVector extends Vector {
  readonly input: string
  readonly valid: boolean
}

/** Bitcoin Core's chain labels → our networks (testnet3 and testnet4 share every prefix). */
const networkOfChain = (chain: unknown): BitcoinNetwork => {
  const networks: Record<string, BitcoinNetwork> = {
    main: "mainnet",
    test: "testnet",
    testnet4: "testnet",
    signet: "signet",
    regtest: "regtest",
  }
  const network = networks[String(chain)]
  if (!network) throw new Error(`unknown chain label ${String(chain)}`)
  return network
}

const scriptHex = (input: string, network?: BitcoinNetwork) =>
  hex.encode(bitcoinScriptPubKey(Result.getOrThrow(decodeBitcoinAddress(input, network))))

const rejectedEverywhere = (input: string) =>
  bitcoinNetworks.every((network) => Result.isFailure(decodeBitcoinAddress(input, network)))

describe("eip55.json", () => {
  interface Eip55Vector extends TextVector {
    readonly mode: "strict_checksum" | "hex_format" | "is_address"
  }
  for (const vector of loadVectors<Eip55Vector>("eip55.json").vectors) {
    it(vector.id, () => {
      if (vector.mode === "strict_checksum") {
        expect(isChecksumAddress(vector.input)).toBe(vector.valid)
        if (vector.expected?.checksummed)
          expect(toChecksumAddress(vector.input)).toBe(vector.expected.checksummed)
      } else if (vector.mode === "hex_format") {
        expect(isHexAddress(vector.input)).toBe(vector.valid)
      } else {
        const verdict = validateAddress(vector.input, { namespace: "eip155" })
        expect(verdict.valid).toBe(vector.valid)
        if (vector.valid) expect(isChecksumAddress(verdict.normalized ?? "")).toBe(true)
      }
    })
  }
})

describe("bech32-addresses.json", () => {
  interface Bech32Vector extends TextVector {
    readonly section: "bech32_string" | "bech32m_string" | "segwit_address" | "core_key_io"
  }
  const hrpNetwork: Record<string, BitcoinNetwork> = { bc: "mainnet", tb: "testnet", bcrt: "regtest" }
  for (const vector of loadVectors<Bech32Vector>("bech32-addresses.json").vectors) {
    it(vector.id, () => {
      const { section, input, valid, expected } = vector
      if (section === "bech32_string" || section === "bech32m_string") {
        const decoded = decodeBech32(input)
        expect(Result.isSuccess(decoded)).toBe(valid)
        if (Result.isSuccess(decoded)) expect(decoded.success.encoding).toBe(expected?.encoding)
      } else if (section === "segwit_address") {
        const verdict = validateAddress(input, { namespace: "bip122" })
        expect(verdict.valid).toBe(valid)
        if (valid) {
          expect(verdict.network).toBe(hrpNetwork[String(expected?.hrp)])
          expect(scriptHex(input)).toBe(expected?.scriptPubKey)
        } else {
          expect(verdict.error).toBe("Invalid address")
          expect(rejectedEverywhere(input)).toBe(true)
        }
      } else if (valid) {
        const network = networkOfChain(expected?.chain)
        expect(scriptHex(input, network)).toBe(expected?.scriptPubKey)
        if (expected?.tryCaseFlip) expect(scriptHex(input.toUpperCase(), network)).toBe(expected.scriptPubKey)
        expect(validateAddress(input, { network })).toMatchObject({
          valid: true,
          namespace: "bip122",
          network,
        })
      } else {
        expect(rejectedEverywhere(input)).toBe(true)
        expect(validateAddress(input).valid).toBe(false)
      }
    })
  }
})

describe("base58-addresses.json", () => {
  interface Base58Vector extends TextVector {
    readonly kind?: "p2pkh" | "p2sh" | "wif_private_key"
  }
  for (const vector of loadVectors<Base58Vector>("base58-addresses.json").vectors) {
    it(vector.id, () => {
      const { kind, input, valid, expected } = vector
      if (valid && kind !== "wif_private_key") {
        const network = networkOfChain(expected?.chain)
        expect(validateAddress(input, { network })).toMatchObject({
          valid: true,
          namespace: "bip122",
          network,
          type: kind,
        })
        expect(scriptHex(input, network)).toBe(expected?.scriptPubKey)
      } else {
        // Invalid strings, and WIF private keys: a key pasted as a recipient must never pass as an address.
        expect(rejectedEverywhere(input)).toBe(true)
        expect(validateAddress(input).valid).toBe(false)
        expect(validateAddress(input, { namespace: "bip122" }).error).toBe("Invalid address")
      }
    })
  }
})

describe("solana-addresses.json", () => {
  for (const vector of loadVectors<TextVector>("solana-addresses.json").vectors) {
    it(vector.id, () => {
      const verdict = validateAddress(vector.input, { namespace: "solana" })
      expect(verdict.valid).toBe(vector.valid)
      const onCurve = vector.expected?.on_ed25519_curve
      if (typeof onCurve === "boolean") expect(verdict.type).toBe(onCurve ? "on-curve" : "off-curve")
      if (vector.valid) expect(validateAddress(vector.input).namespace).toBe("solana")
    })
  }
})
