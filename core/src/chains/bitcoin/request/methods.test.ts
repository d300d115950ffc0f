import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { thrownBy } from "../testing/fakeWallets"
import {
  checkPromptMessage,
  checkRequestParams,
  groupSignInputs,
  isSatoshiAmount,
  satoshiNumber,
  sendTransferParams,
  signMessageParams,
  stacksBatchParams,
} from "./methods"
import { decodeReply } from "./protocol"

const messageThrownBy = (run: () => unknown): string =>
  (thrownBy(run) as { readonly message?: string } | undefined)?.message ?? "valid"

describe("request parameters", () => {
  it("allows a prompt message of exactly 80 characters, counted as a person counts them", () => {
    const tooLong = new BitcoinError({ reason: "pairingMessageTooLong" })
    expect(thrownBy(() => checkPromptMessage("a".repeat(80)))).toBeUndefined()
    expect(thrownBy(() => checkPromptMessage("😀".repeat(80)))).toBeUndefined()
    expect(thrownBy(() => checkPromptMessage("a".repeat(81)))).toEqual(tooLong)
    expect(thrownBy(() => checkPromptMessage("😀".repeat(81)))).toEqual(tooLong)
    expect(thrownBy(() => checkPromptMessage(undefined))).toBeUndefined()
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
    expect(satoshiNumber("1")).toBe(1)
    expect(satoshiNumber(2_100_000_000_000_000n)).toBe(2_100_000_000_000_000)
    for (const bad of ["0", "2100000000000001", "1.0", "1e3", " ", "-5", "0x10"]) {
      expect(
        thrownBy(() => satoshiNumber(bad)),
        bad,
      ).toEqual(new BitcoinError({ reason: "invalidAmount" }))
      expect(isSatoshiAmount(bad), bad).toBe(false)
    }
    expect(isSatoshiAmount(" 1 ")).toBe(true)
    expect(isSatoshiAmount(2_100_000_000_000_000n)).toBe(true)
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2_100_000_000_000_000n }), (satoshis) => {
        expect(BigInt(satoshiNumber(satoshis))).toBe(satoshis)
      }),
    )
  })

  it("checks every transfer recipient's address", () => {
    expect(messageThrownBy(() => sendTransferParams([{ recipient: "bc1qinvalid", amount: "1" }]))).toBe(
      "Invalid address",
    )
  })

  it("holds a transfer's recipients to the wallet's network, saying whose network an address is", () => {
    const testnet = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"
    const messageOf = (recipient: string, network: BitcoinNetwork) => [
      messageThrownBy(() => sendTransferParams([{ recipient, amount: "1000" }], network)),
      messageThrownBy(() =>
        checkRequestParams("sendTransfer", { recipients: [{ address: recipient, amount: 1000 }] }, network),
      ),
    ]
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
    expect(thrownBy(() => sendTransferParams([{ recipient: broken, amount: "1000" }], "Testnet"))).toEqual(
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
    expect(thrownBy(() => stacksBatchParams([]))).toEqual(new BitcoinError({ reason: "stacksBatchEmpty" }))
    expect(stacksBatchParams(["00"])).toEqual({ transactions: ["00"], broadcast: true })
  })
})

describe("wallet replies", () => {
  it("takes the result of JSON-RPC and sats-connect success shapes", () => {
    expect(decodeReply({ jsonrpc: "2.0", id: 1, result: { a: 1 } })).toEqual({ a: 1 })
    expect(decodeReply({ status: "success", result: null })).toBeNull()
  })

  it("turns error replies into RPCError and anything else into a typed failure, never a crash", () => {
    const failed = thrownBy(() =>
      decodeReply({ status: "error", error: { code: -32001, message: "Method not supported" } }),
    )
    expect(failed).toBeInstanceOf(BitcoinRpcError)
    expect(failed).toMatchObject({ code: -32001, message: "Method not supported" })
    expect(thrownBy(() => decodeReply(null))).toEqual(new BitcoinError({ reason: "nullResponse" }))
    fc.assert(
      fc.property(fc.anything(), (reply) => {
        const thrown = thrownBy(() => decodeReply(reply))
        if (thrown !== undefined) {
          expect(thrown instanceof BitcoinRpcError || thrown instanceof BitcoinError).toBe(true)
          expect(typeof (thrown as Error).message).toBe("string")
        }
      }),
    )
  })
})
