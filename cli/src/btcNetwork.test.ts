import { bitcoinNetworkNames } from "@appkit/core/bitcoin"
import { describe, expect, it } from "vitest"
import { btcNetworkChoices, resolveBtcNetwork } from "./btcNetwork"

describe("--network for btc and psbt commands", () => {
  it("offers exactly the names core parses, in words", () => {
    expect(btcNetworkChoices).toBe("mainnet, testnet, testnet4, signet or regtest")
    for (const name of bitcoinNetworkNames)
      expect(resolveBtcNetwork(name, "Mainnet").toLowerCase()).toBe(name)
  })

  it("refuses a name next to a known one, listing the choices", () => {
    expect(() => resolveBtcNetwork("testnet5", "Mainnet")).toThrow(
      "Unknown --network 'testnet5' (expected mainnet, testnet, testnet4, signet or regtest)",
    )
  })

  it("refuses it as invalid input (exit 1, code InvalidInput), as `--chain ethereum` is, not as a runtime error", () => {
    let thrown: unknown
    try {
      resolveBtcNetwork("testnet5", "Mainnet")
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ exitCode: 1, code: "InvalidInput" })
  })

  it("keeps the fallback when no name is given", () => {
    expect(resolveBtcNetwork(undefined, "Regtest")).toBe("Regtest")
  })
})
