import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { PairingState } from "./pairing"

const uri =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1714645140"

const idle = { connections: {}, wcError: false, buffering: false, status: "disconnected" }

describe("PairingState", () => {
  schemaCases(PairingState, {
    valid: [
      ["idle", { connections: {}, wcError: false, buffering: false, status: "disconnected" }],
      [
        "waiting for a wallet to scan",
        {
          connections: {},
          wcUri: uri,
          wcPairingExpiry: 1714645140000,
          wcError: false,
          buffering: false,
          status: "connecting",
        },
      ],
      [
        "connected on two namespaces",
        {
          connections: {
            eip155: [
              {
                connectorId: "walletConnect",
                accounts: [{ address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045" }],
              },
            ],
            solana: [
              {
                connectorId: "walletConnect",
                accounts: [{ address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin", type: "eoa" }],
              },
            ],
          },
          wcLinking: { href: "metamask://", name: "MetaMask" },
          recentWallet: { id: "c57ca95b", name: "MetaMask" },
          wcError: false,
          buffering: false,
          status: "connected",
        },
      ],
    ],
    invalid: [
      ["a v1 URI", { ...idle, wcUri: "wc:abc@1?bridge=https%3A%2F%2Fbridge" }],
      ["a connection without a connector id", { ...idle, connections: { eip155: [{ accounts: [] }] } }],
      ["a negative expiry", { ...idle, wcPairingExpiry: -1 }],
      ["no status", { ...idle, status: undefined }],
    ],
  })

  it("drops connections of namespaces it does not know instead of keeping untyped data", () => {
    const state = Schema.decodeUnknownSync(PairingState)({ ...idle, connections: { tron: [], eip155: [] } })
    expect(state.connections).toEqual({ eip155: [] })
  })
})
