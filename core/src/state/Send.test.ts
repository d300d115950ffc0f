import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chainNamespaces } from "../domain/namespace"
import type { SendState } from "../domain/send"
import { specTexts } from "../testing/specTexts"
import { initialSendState, validateSend } from "./Send"
import * as sendChecks from "./sendChecks"

const token = { symbol: "ETH", quantity: { decimals: "18", numeric: "1.5" }, price: 3000 }
const filled: SendState = {
  ...initialSendState,
  token,
  sendTokenAmount: "0.25",
  receiverAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
}

const messageOf = (state: SendState, namespace: (typeof chainNamespaces)[number]) =>
  Result.match(Effect.runSync(Effect.result(validateSend(state, namespace, sendChecks))), {
    onSuccess: () => "ok",
    onFailure: (error) => error.message,
  })

describe("send validation (§5)", () => {
  it("gives the §5 messages in order", () => {
    expect(messageOf(filled, "eip155")).toBe("ok")
    expect(
      messageOf({ ...filled, receiverAddress: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" }, "solana"),
    ).toBe("ok")
    expect(messageOf(filled, "solana")).toBe("Invalid address")
    expect(messageOf({ ...filled, receiverAddress: "0xabc" }, "eip155")).toBe("Invalid address")
    expect(messageOf({ ...filled, sendTokenAmount: undefined }, "eip155")).toBe(
      specTexts.send.amountAndReceiverRequired,
    )
    expect(messageOf({ ...filled, receiverAddress: "  " }, "eip155")).toBe(
      specTexts.send.amountAndReceiverRequired,
    )
    expect(messageOf({ ...filled, token: undefined }, "eip155")).toBe(specTexts.send.tokenRequired)
    expect(messageOf({ ...filled, sendTokenAmount: "1.2.3" }, "eip155")).toBe("Invalid amount: 1.2.3")
    expect(messageOf({ ...filled, sendTokenAmount: "-1" }, "eip155")).toBe("Invalid amount: -1")
  })

  it("takes a zero amount for none, and refuses digits finer than the token's unit and more than is held", () => {
    // The token: 18 decimals, 1.5 held.
    expect(messageOf({ ...filled, sendTokenAmount: "0" }, "eip155")).toBe(
      specTexts.send.amountAndReceiverRequired,
    )
    expect(messageOf({ ...filled, sendTokenAmount: "0.000000000000000000" }, "eip155")).toBe(
      specTexts.send.amountAndReceiverRequired,
    )
    expect(messageOf({ ...filled, sendTokenAmount: "0.000000000000000001" }, "eip155")).toBe("ok")
    expect(messageOf({ ...filled, sendTokenAmount: "0.0000000000000000001" }, "eip155")).toBe(
      "Amount '0.0000000000000000001' has more than 18 decimal places",
    )
    expect(messageOf({ ...filled, sendTokenAmount: "1.5" }, "eip155")).toBe("ok")
    expect(messageOf({ ...filled, sendTokenAmount: "1.500000000000000000" }, "eip155")).toBe("ok")
    expect(messageOf({ ...filled, sendTokenAmount: "1.500000000000000001" }, "eip155")).toBe(
      "Insufficient funds",
    )
    // A balance reported finer than the token's unit is compared exactly, not rounded.
    const fine = { ...token, quantity: { decimals: "2", numeric: "1.005" } }
    expect(messageOf({ ...filled, token: fine, sendTokenAmount: "1.01" }, "eip155")).toBe(
      "Insufficient funds",
    )
    expect(messageOf({ ...filled, token: fine, sendTokenAmount: "1" }, "eip155")).toBe("ok")
  })

  it("refuses every namespace but eip155 and solana with 'Unsupported chain', whatever the form holds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...chainNamespaces),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (namespace, sendTokenAmount, receiverAddress) => {
          const message = messageOf({ ...filled, sendTokenAmount, receiverAddress }, namespace)
          expect(message === "Unsupported chain").toBe(namespace !== "eip155" && namespace !== "solana")
        },
      ),
    )
  })

  it("accepts every non-zero amount string of §5 the token's decimals and the balance allow", () => {
    const rich = { ...filled, token: { ...token, quantity: { decimals: "18", numeric: "1000000" } } }
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}(\.[0-9]{1,6})?$/), (amount) => {
        const zero = !/[1-9]/.test(amount)
        expect(messageOf({ ...rich, sendTokenAmount: amount }, "eip155")).toBe(
          zero ? specTexts.send.amountAndReceiverRequired : "ok",
        )
      }),
    )
  })
})
