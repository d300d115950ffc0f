import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import {
  checkPromptMessage,
  checkRequestParams,
  groupSignInputs,
  satoshiNumber,
  sendTransferParams,
  signMessageParams,
  stacksBatchParams,
} from "./methods"
import { decodeReply } from "./protocol"

describe("request parameters", () => {
  it("allows a prompt message of exactly 80 characters, counted as a person counts them", () => {
    expect(Result.isSuccess(checkPromptMessage("a".repeat(80)))).toBe(true)
    expect(Result.isSuccess(checkPromptMessage("😀".repeat(80)))).toBe(true)
    expect(Result.isFailure(checkPromptMessage("a".repeat(81)))).toBe(true)
    expect(Result.isFailure(checkPromptMessage("😀".repeat(81)))).toBe(true)
    expect(Result.isSuccess(checkPromptMessage(undefined))).toBe(true)
  })

  it("groups sign inputs by address: every index once, sorted, none lost", () => {
    const address = fc.constantFrom("bc1qa", "bc1qb", "bc1qc")
    fc.assert(
      fc.property(
        fc.array(fc.record({ address, index: fc.nat({ max: 50 }) }), { maxLength: 40 }),
        (inputs) => {
          const grouped = groupSignInputs(inputs)
          for (const [key, indexes] of Object.entries(grouped)) {
            expect([...indexes].sort((a, b) => a - b)).toEqual(indexes)
            expect(new Set(indexes).size).toBe(indexes.length)
            expect(
              indexes.every((index) =>
                inputs.some((input) => input.address === key && input.index === index),
              ),
            ).toBe(true)
          }
          for (const input of inputs) expect(grouped[input.address]).toContain(input.index)
        },
      ),
    )
  })

  it("takes whole positive satoshi amounts up to 21M BTC, refusing the edges", () => {
    expect(Result.getOrThrow(satoshiNumber("1"))).toBe(1)
    expect(Result.getOrThrow(satoshiNumber(2_100_000_000_000_000n))).toBe(2_100_000_000_000_000)
    for (const bad of ["0", "2100000000000001", "1.0", "1e3", " ", "-5", "0x10"])
      expect(Result.isFailure(satoshiNumber(bad)), bad).toBe(true)
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2_100_000_000_000_000n }), (satoshis) => {
        expect(BigInt(Result.getOrThrow(satoshiNumber(satoshis)))).toBe(satoshis)
      }),
    )
  })

  it("checks every transfer recipient's address", () => {
    const error = sendTransferParams([{ recipient: "bc1qinvalid", amount: "1" }])
    expect(Result.isFailure(error) && error.failure.message).toBe("Invalid address")
  })

  it("holds a transfer's recipients to the wallet's network, saying whose network an address is", () => {
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    const messageOf = (recipient: string, network: BitcoinNetwork) => {
      const params = sendTransferParams([{ recipient, amount: "1000" }], network)
      const request = Effect.runSync(
        Effect.flip(
          checkRequestParams("sendTransfer", { recipients: [{ address: recipient, amount: 1000 }] }, network),
        ).pipe(Effect.orElseSucceed(() => undefined)),
      )
      return [Result.isFailure(params) ? params.failure.message : "valid", request?.message ?? "valid"]
    }
    expect(messageOf(testnet, "Mainnet")).toEqual(
      Array(2).fill("Invalid address: a testnet/signet address, expected mainnet"),
    )
    expect(messageOf(testnet, "Regtest")).toEqual(
      Array(2).fill("Invalid address: a testnet/signet address, expected regtest"),
    )
    expect(messageOf(testnet, "Testnet4")).toEqual(["valid", "valid"])
    expect(messageOf(testnet, "Signet")).toEqual(["valid", "valid"])
    // A checksum-broken address of the right network is plainly invalid, and the same error as ever.
    const broken = `${testnet.slice(0, -1)}8`
    expect(messageOf(broken, "Testnet")).toEqual(["Invalid address", "Invalid address"])
    const refused = sendTransferParams([{ recipient: broken, amount: "1000" }], "Testnet")
    expect(Result.isFailure(refused) && refused.failure).toEqual(
      new BitcoinError({ reason: "invalidAddress" }),
    )
  })

  it("upper-cases the protocol and picks BIP-322 for segwit by default", () => {
    expect(
      signMessageParams({ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", message: "m" }).protocol,
    ).toBe("BIP322")
    expect(signMessageParams({ address: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", message: "m" }).protocol).toBe(
      "ECDSA",
    )
  })

  it("needs at least one transaction in a Stacks batch", () => {
    expect(Result.isFailure(stacksBatchParams([]))).toBe(true)
    expect(Result.getOrThrow(stacksBatchParams(["00"]))).toEqual({ transactions: ["00"], broadcast: true })
  })
})

describe("wallet replies", () => {
  const decode = (reply: unknown) => Effect.runSync(Effect.result(decodeReply(reply)))

  it("takes the result of JSON-RPC and sats-connect success shapes", () => {
    expect(decode({ jsonrpc: "2.0", id: 1, result: { a: 1 } })).toEqual(Result.succeed({ a: 1 }))
    expect(decode({ status: "success", result: null })).toEqual(Result.succeed(null))
  })

  it("turns error replies into RPCError and anything else into a typed failure, never a crash", () => {
    const failed = decode({ status: "error", error: { code: -32001, message: "Method not supported" } })
    expect(Result.isFailure(failed) && failed.failure).toMatchObject({
      code: -32001,
      message: "Method not supported",
    })
    fc.assert(
      fc.property(fc.anything(), (reply) => {
        const decoded = decode(reply)
        if (Result.isFailure(decoded)) expect(typeof decoded.failure.message).toBe("string")
      }),
    )
  })
})
