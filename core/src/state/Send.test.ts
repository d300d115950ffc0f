import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chainNamespaces } from "../domain/namespace"
import type { SendState } from "../domain/send"
import { specTexts } from "../testing/specTexts"
import { initialSendState, validateSend } from "./Send"
import { isSendAddress, sendAmountProblem } from "./sendChecks"

const token = { symbol: "ETH", quantity: { decimals: "18", numeric: "1.5" }, price: 3000 }
const filled: SendState = {
  ...initialSendState,
  token,
  sendTokenAmount: "0.25",
  receiverAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
}

const messageOf = (state: SendState, namespace: (typeof chainNamespaces)[number]) =>
  Result.match(
    Effect.runSync(Effect.result(validateSend(state, namespace, isSendAddress, sendAmountProblem))),
    {
      onSuccess: () => "ok",
      onFailure: (error) => error.message,
    },
  )

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

  it("accepts exactly the positive amount strings of §5 the token's balance covers once the other fields are set", () => {
    const rich = { ...filled, token: { ...token, quantity: { decimals: "18", numeric: "1000000" } } }
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,6}(\.[0-9]{1,6})?$/).filter((amount) => Number(amount) > 0),
        (amount) => {
          expect(messageOf({ ...rich, sendTokenAmount: amount }, "eip155")).toBe("ok")
        },
      ),
    )
  })

  it("takes a zero amount for no amount (§5: 'An amount and receiver address are required'), never asking a wallet", () => {
    for (const amount of ["0", "0.0", "000", "0.000000000000000000", "-0"])
      expect(messageOf({ ...filled, sendTokenAmount: amount }, "eip155")).toBe(
        specTexts.send.amountAndReceiverRequired,
      )
    // The smallest unit is an amount.
    expect(messageOf({ ...filled, sendTokenAmount: "0.000000000000000001" }, "eip155")).toBe("ok")
  })

  it("refuses, before any wallet sees it, an amount beyond the token's balance or with more decimals than the token has", () => {
    // Exactly the balance is fine; one base unit more is not (the token holds 1.5 ETH).
    expect(messageOf({ ...filled, sendTokenAmount: "1.5" }, "eip155")).toBe("ok")
    expect(messageOf({ ...filled, sendTokenAmount: "1.500000000000000000" }, "eip155")).toBe("ok")
    expect(messageOf({ ...filled, sendTokenAmount: "1.500000000000000001" }, "eip155")).toBe(
      "Insufficient funds: 1.500000000000000001 ETH is more than the 1.5 ETH held",
    )
    // 18 decimals are the token's; a 19th is refused rather than rounded away.
    expect(messageOf({ ...filled, sendTokenAmount: "0.0000000000000000001" }, "eip155")).toBe(
      "Amount '0.0000000000000000001' has more than 18 decimal places",
    )
    const usdc = { symbol: "USDC", quantity: { decimals: "6", numeric: "25" }, price: 1 }
    expect(messageOf({ ...filled, token: usdc, sendTokenAmount: "1.1234567" }, "eip155")).toBe(
      "Amount '1.1234567' has more than 6 decimal places",
    )
    expect(messageOf({ ...filled, token: usdc, sendTokenAmount: "25.000001" }, "eip155")).toBe(
      "Insufficient funds: 25.000001 USDC is more than the 25 USDC held",
    )
  })
})
