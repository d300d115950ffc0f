import { Effect, Exit, Layer } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BlockchainApi, type BlockchainApiShape } from "../api/blockchain/BlockchainApi"
import { isReceiverName, resolveReceiverName } from "./receiverName"

const record = (addresses: Record<string, string>) => ({
  name: "bob.reown.id",
  registered: 0,
  updated: 0,
  addresses: Object.fromEntries(Object.entries(addresses).map(([coin, address]) => [coin, { address }])),
  attributes: [],
})

const resolveWith = (addresses: Record<string, string>, chainId: number) =>
  Effect.runPromiseExit(
    resolveReceiverName("Bob.reown.id", chainId).pipe(
      Effect.provide(
        Layer.succeed(BlockchainApi, {
          lookupName: (name: string) =>
            name === "bob.reown.id" ? Effect.succeed(record(addresses)) : Effect.die("unexpected name"),
        } as unknown as BlockchainApiShape),
      ),
    ),
  )

describe("isReceiverName", () => {
  it("takes a label under the current or legacy suffix, nothing else", () => {
    expect(["bob.reown.id", "dave.wcn.id", "a-1.reown.id"].every(isReceiverName)).toBe(true)
    // Names are one whatever their case (the resolver asks in lowercase): a capitalised suffix is one too.
    expect(["Bob.Reown.ID", "DAVE.WCN.ID"].every(isReceiverName)).toBe(true)
    for (const not of [
      ".reown.id",
      "bob.eth",
      "bob.reown.idx",
      "b b.reown.id",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ])
      expect(isReceiverName(not)).toBe(false)
  })

  it("never mistakes an EVM address for a name", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = `0x${Buffer.from(bytes).toString("hex")}`
        expect(isReceiverName(address)).toBe(false)
      }),
    )
  })
})

describe("resolveReceiverName", () => {
  const ether = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
  const onBase = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

  it("takes the chain's own ENSIP-11 entry when there is one, else the Ether address", async () => {
    expect(
      await resolveWith({ "60": ether, [String((0x80000000 | 8453) >>> 0)]: onBase }, 8453),
    ).toMatchObject({
      _tag: "Success",
      value: onBase,
    })
    expect(await resolveWith({ "60": ether }, 8453)).toMatchObject({ _tag: "Success", value: ether })
  })

  it("is 'Error resolving name' when the name holds no EVM address", async () => {
    const exit = await resolveWith({ "501": "So11111111111111111111111111111111111111112" }, 1)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain('"reason":"resolve"')
  })
})
