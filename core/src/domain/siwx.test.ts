import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { loadVectors } from "../testing/vectors"
import { SiwxMessageData, SiwxSession } from "./siwx"

const data = {
  accountAddress: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
  chainId: "eip155:1",
  domain: "app.example.com",
  uri: "https://app.example.com/login",
  version: "1",
  nonce: "Wk8fj29sXbq",
  statement: "Sign in to Example",
  issuedAt: "2024-05-02T10:15:00.000Z",
  expirationTime: "2024-05-09T10:15:00.000Z",
}

describe("SiwxMessageData", () => {
  schemaCases(SiwxMessageData, {
    valid: [
      ["an EVM sign-in", data],
      [
        "a Solana sign-in with resources",
        {
          ...data,
          accountAddress: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
          chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          resources: ["ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu"],
        },
      ],
    ],
    invalid: [
      ["a short nonce", { ...data, nonce: "1234567" }],
      ["version 2", { ...data, version: "2" }],
      ["a bare chain id", { ...data, chainId: "1" }],
      ["a date without time", { ...data, issuedAt: "2024-05-02" }],
    ],
  })

  // Real EIP-4361 messages (spruceid/siwe): their parsed fields are valid message data once the chain id
  // is qualified with its namespace, as CAIP-122 does.
  interface ParsedSiwe {
    readonly address: string
    readonly chainId: number | string
    readonly [field: string]: unknown
  }
  const { vectors } = loadVectors<{ readonly id: string; readonly expected: ParsedSiwe }>(
    "siwe-parse-positive.json",
  )
  it.each(vectors.map((vector) => [vector.id, vector.expected] as const))(
    "decodes the fields of %s",
    (_id, expected) => {
      const { address, chainId, scheme: _scheme, ...rest } = expected
      const result = Schema.decodeUnknownResult(SiwxMessageData)({
        ...rest,
        accountAddress: address,
        chainId: `eip155:${chainId}`,
      })
      if (Result.isFailure(result)) throw result.failure
      expect(result.success.accountAddress).toBe(address)
    },
  )
})

describe("SiwxSession", () => {
  const session = { data, message: "app.example.com wants you to sign in…", signature: "0x1234" }
  schemaCases(SiwxSession, {
    valid: [
      ["a session from personal_sign", session],
      [
        "a WalletConnect one-click session with a CACAO",
        {
          ...session,
          cacao: {
            h: { t: "caip122" },
            p: {
              domain: data.domain,
              aud: data.uri,
              nonce: data.nonce,
              iss: `did:pkh:eip155:1:${data.accountAddress}`,
              iat: data.issuedAt,
              version: "1",
            },
            s: { t: "eip191", s: "0xabcdef" },
          },
        },
      ],
    ],
    invalid: [
      ["no signature", { data, message: "m" }],
      [
        "an unknown CACAO header",
        { ...session, cacao: { h: { t: "jwt" }, p: {}, s: { t: "eip191", s: "0x" } } },
      ],
    ],
  })
})
