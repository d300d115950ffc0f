import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { SiwxMessageData } from "../domain/siwx"
import { parseSiweMessage } from "./parseSiweMessage"
import { formatSiwxMessage, siweMessageFromSiwx, siwxDataFromSiwe } from "./SiwxMessage"
import { solanaSiwxMessageFromSiwx } from "./solana/SolanaSiwxMessage"

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

  it("refuses an eip155 account in mixed case with a wrong checksum rather than rewriting it", () => {
    const wrongCase = formatSiwxMessage({
      ...data,
      accountAddress: "0xc02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    })
    expect(Result.isFailure(wrongCase) && wrongCase.failure.message).toContain(
      "its checksummed form is 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
    )
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

describe("CAIP-122 chain ids each namespace renders", () => {
  const unsupported = (chainId: string) => ({
    _tag: "UnsupportedSiwxNamespace",
    message: `Sign-in messages for ${chainId} are not supported`,
  })
  const failureOf = (result: Result.Result<unknown, { readonly _tag: string; readonly message: string }>) =>
    Result.isFailure(result) ? { _tag: result.failure._tag, message: result.failure.message } : "rendered"

  it("EIP-4361 needs an eip155 chain with a decimal reference", () => {
    for (const chainId of [
      "eip155:x1",
      "eip155:1x",
      "eip155:0x1",
      "solana:1",
      "cosmos:10",
      "not a chain",
      "eip155",
    ])
      expect(failureOf(siweMessageFromSiwx({ ...data, chainId } as SiwxMessageData)), chainId).toEqual(
        unsupported(chainId),
      )
    expect(failureOf(siweMessageFromSiwx({ ...data, chainId: "eip155:0" } as SiwxMessageData))).toBe(
      "rendered",
    )
  })

  it("Sign-In With Solana needs a solana chain", () => {
    const solanaData = { ...data, accountAddress: "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv" }
    for (const chainId of ["eip155:10", "not a chain", "solana"])
      expect(
        failureOf(solanaSiwxMessageFromSiwx({ ...solanaData, chainId } as SiwxMessageData)),
        chainId,
      ).toEqual(unsupported(chainId))
    const mainnet = { ...solanaData, chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" } as SiwxMessageData
    expect(failureOf(solanaSiwxMessageFromSiwx(mainnet))).toBe("rendered")
  })
})
