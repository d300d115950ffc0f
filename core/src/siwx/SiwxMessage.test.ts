import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { SiwxMessageData } from "../domain/siwx"
import { parseSiweMessage } from "./parseSiweMessage"
import { formatSiwxMessage, siwxDataFromSiwe } from "./SiwxMessage"

const data = {
  accountAddress: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
  chainId: "eip155:10",
  domain: "app.example",
  uri: "https://app.example",
  version: "1",
  nonce: "32891756abc",
  issuedAt: "2021-09-30T16:25:24Z",
  statement: "Sign in to App",
} as SiwxMessageData

describe("CAIP-122 messages", () => {
  it("renders eip155 data as EIP-4361, checksumming the account", () => {
    const text = Result.getOrThrow(formatSiwxMessage(data))
    expect(text.split("\n").slice(0, 4)).toEqual([
      "app.example wants you to sign in with your Ethereum account:",
      "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
      "",
      "Sign in to App",
    ])
    expect(text).toContain("\nChain ID: 10\n")
    const back = siwxDataFromSiwe(Result.getOrThrow(parseSiweMessage(text)))
    expect(back).toEqual({ ...data, accountAddress: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2" })
  })

  it("renders solana data as Sign-In With Solana: base58 address as is, CAIP-2 reference as Chain ID", () => {
    const address = "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv"
    const text = Result.getOrThrow(
      formatSiwxMessage({
        ...data,
        accountAddress: address,
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      } as SiwxMessageData),
    )
    expect(text.split("\n").slice(0, 2)).toEqual([
      "app.example wants you to sign in with your Solana account:",
      address,
    ])
    expect(text).toContain("\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n")
    const evmAddressOnSolana = formatSiwxMessage({
      ...data,
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    } as SiwxMessageData)
    expect(Result.isFailure(evmAddressOnSolana) && evmAddressOnSolana.failure._tag).toBe("InvalidSiweMessage")
  })

  it("has no renderer for other namespaces yet, and says so", () => {
    const polkadot = formatSiwxMessage({
      ...data,
      chainId: "polkadot:91b171bb158e2d3848fa23a9f1c25182",
    } as SiwxMessageData)
    expect(Result.isFailure(polkadot) && polkadot.failure._tag).toBe("UnsupportedSiwxNamespace")
  })

  it("refuses data that would not make a valid message", () => {
    const result = formatSiwxMessage({ ...data, nonce: "short" })
    expect(Result.isFailure(result) && result.failure._tag).toBe("InvalidSiweMessage")
  })
})
