import { type Anvil, startAnvil } from "@appkit/fixtures"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type NodeErrorKind, nodeErrorFromUnknown, nodeVerdictOr, parseNodeError } from "./nodeErrors"
import { ProviderRpcError } from "./ProviderRpcError"

// Texts as geth, anvil and reth return them (some with the details nodes append).
const nodeTexts: ReadonlyArray<readonly [string, NodeErrorKind]> = [
  ["nonce too low", "NonceTooLow"],
  ["nonce too low: next nonce 5, tx nonce 3", "NonceTooLow"],
  ["nonce too high", "NonceTooHigh"],
  ["nonce has max value", "NonceTooHigh"],
  ["already known", "NonceSame"],
  ["transaction already imported", "NonceSame"],
  ["replacement transaction underpriced", "FeeTooLow"],
  ["transaction underpriced", "FeeTooLow"],
  ["max fee per gas less than block base fee", "FeeTooLow"],
  [
    "max fee per gas less than block base fee: address 0xf39F, maxFeePerGas: 1, baseFee: 875000000",
    "FeeTooLow",
  ],
  ["fee cap less than block base fee", "FeeTooLow"],
  ["max priority fee per gas higher than max fee per gas", "FeeTooHigh"],
  ["tx fee (1.50 ether) exceeds the configured cap (1.00 ether)", "FeeTooHigh"],
  ["max fee per gas higher than 2^256-1", "FeeTooHigh"],
  ["insufficient funds for gas * price + value", "InsufficientFunds"],
  ["insufficient funds for gas * price + value: have 0 want 21000000000000", "InsufficientFunds"],
  ["intrinsic gas too low", "GasTooLow"],
  ["gas required exceeds allowance (21000)", "GasTooLow"],
  ["intrinsic gas too high", "GasTooHigh"],
  ["exceeds block gas limit", "GasTooHigh"],
  // Every other wording the classifier knows, one row each (nethermind, erigon, besu and older gethes).
  ["replacement fee too low", "FeeTooLow"],
  ["known transaction: 0xabc", "NonceSame"],
  ["nonce already used", "NonceSame"],
  ["nonce is too low", "NonceTooLow"],
  ["OldNonce", "NonceTooLow"],
  ["old nonce", "NonceTooLow"],
  ["nonce is too high", "NonceTooHigh"],
  ["nonce gap", "NonceTooHigh"],
  ["exceeds transaction sender account balance", "InsufficientFunds"],
  ["insufficient balance for transfer", "InsufficientFunds"],
  ["fee cap higher than 2^256-1", "FeeTooHigh"],
  ["tip higher than fee cap", "FeeTooHigh"],
  ["fee too high", "FeeTooHigh"],
  ["fee too low", "FeeTooLow"],
  ["gas price too low", "FeeTooLow"],
  ["max priority fee per gas below minimum", "FeeTooLow"],
  ["FeeTooLowToCompete: underpriced", "FeeTooLow"],
  ["gas limit reached", "GasTooHigh"],
  ["gas limit too high", "GasTooHigh"],
  ["gas too high", "GasTooHigh"],
  ["out of gas", "GasTooLow"],
  ["gas too low", "GasTooLow"],
  ["insufficient gas for floor data gas cost", "GasTooLow"],
  ["execution reverted", "Unknown"],
  ["nonce", "Unknown"],
  ["max fee per gas higher than 2^255", "Unknown"],
  ["", "Unknown"],
]

describe("parseNodeError", () => {
  it.each(nodeTexts)("%j is %s", (text, kind) => {
    const error = parseNodeError(text)
    expect(error._tag).toBe("NodeError")
    expect(error.kind).toBe(kind)
    expect(error.details).toBe(text)
  })

  it("words each kind for a person", () => {
    const messages = Object.fromEntries(
      [...new Set(nodeTexts.map(([, kind]) => kind))].map((kind) => [
        kind,
        parseNodeError(nodeTexts.find(([, k]) => k === kind)?.[0] ?? "").message,
      ]),
    )
    expect(messages).toEqual({
      FeeTooLow: "The transaction fee is too low",
      FeeTooHigh: "The transaction fee is too high",
      NonceTooLow: "The transaction nonce is too low",
      NonceTooHigh: "The transaction nonce is too high",
      NonceSame: "A transaction with the same nonce is already pending",
      GasTooLow: "The transaction gas limit is too low",
      GasTooHigh: "The transaction gas limit is too high",
      InsufficientFunds: "The account has insufficient funds for this transaction",
      Unknown: "The node rejected the transaction",
    })
  })

  it("gives every kind its own readable message", () => {
    const messages = new Set(nodeTexts.map(([text]) => parseNodeError(text).message))
    expect(messages.size).toBe(new Set(nodeTexts.map(([, kind]) => kind)).size)
  })

  it("recognises a node text wherever it sits and whatever its case", () => {
    const known = nodeTexts.filter(([, kind]) => kind !== "Unknown")
    fc.assert(
      fc.property(
        fc.constantFrom(...known),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[a-z]/gi, "")),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[a-z]/gi, "")),
        fc.boolean(),
        ([text, kind], prefix, suffix, upper) => {
          const wrapped = `${prefix}${upper ? text.toUpperCase() : text}${suffix}`
          expect(parseNodeError(wrapped).kind).toBe(kind)
        },
      ),
    )
  })

  it("never throws on arbitrary text and keeps it verbatim", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(parseNodeError(text).details).toBe(text)
      }),
    )
  })
})

describe("nodeErrorFromUnknown", () => {
  it("reads the text out of a wallet's JSON-RPC error", () => {
    const reply = { error: { code: -32000, message: "nonce too low: next nonce 7, tx nonce 1" } }
    expect(nodeErrorFromUnknown(reply).kind).toBe("NonceTooLow")
  })

  it("reads the text of a thrown Error", () => {
    expect(nodeErrorFromUnknown(new Error("insufficient funds for gas * price + value")).kind).toBe(
      "InsufficientFunds",
    )
  })
})

describe("nodeVerdictOr (a wallet's refusal of a transaction)", () => {
  const funds = "insufficient funds for gas * price + value: have 0 want 1"

  it("turns a wallet error carrying a node verdict §8 names into that NodeError", () => {
    const verdict = nodeVerdictOr(new ProviderRpcError({ code: -32000, message: funds }))
    expect(verdict).toMatchObject({ _tag: "NodeError", kind: "InsufficientFunds", nodeMessage: funds })
  })

  it("keeps the user's refusal as it is, whatever its text says", () => {
    const refusal = new ProviderRpcError({ code: 4001, message: funds })
    expect(nodeVerdictOr(refusal)).toBe(refusal)
  })

  it("keeps a wallet error whose text is no node verdict (a locked wallet) as it is", () => {
    const locked = new ProviderRpcError({ code: -32603, message: "wallet is locked" })
    expect(nodeVerdictOr(locked)).toBe(locked)
  })

  it("leaves anything that is not a wallet's ProviderRpcError alone, even with a verdict's text", () => {
    const thrown = new Error(funds)
    expect(nodeVerdictOr(thrown)).toBe(thrown)
  })
})

// The same classification against what a real node says: anvil, started on loopback, refusing bad
// transactions through eth_sendTransaction (its dev accounts are unlocked).
describe("nodeErrorFromUnknown against anvil's replies", () => {
  let anvil: Anvil
  let from: string
  let to: string
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    from = anvil.accounts[0]?.address ?? ""
    to = anvil.accounts[1]?.address ?? ""
    await send({ value: "0x1" }) // nonce 0 is used from here on
  })
  afterAll(() => anvil.stop())

  const send = async (fields: Record<string, string>): Promise<unknown> => {
    const response = await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_sendTransaction",
        params: [{ from, to, ...fields }],
      }),
    })
    return response.json()
  }

  // A future nonce waits in the pool, so the same transaction or a cheaper one with its nonce is refused.
  const queued = {
    value: "0x1",
    nonce: "0x9",
    maxFeePerGas: "0x77359400",
    maxPriorityFeePerGas: "0x3b9aca00",
  }

  it.each([
    ["nonce already used", { value: "0x1", nonce: "0x0" }, "NonceTooLow"],
    ["value beyond the balance", { value: "0xffffffffffffffffffffffffffffff" }, "InsufficientFunds"],
    ["gas below 21000", { value: "0x1", gas: "0x5000" }, "GasTooLow"],
    ["gas above the block gas limit", { value: "0x1", gas: "0xfffffffffffff" }, "GasTooHigh"],
    [
      "max fee below the base fee",
      { value: "0x1", maxFeePerGas: "0x1", maxPriorityFeePerGas: "0x1" },
      "FeeTooLow",
    ],
    [
      "priority fee above the max fee",
      { value: "0x1", maxFeePerGas: "0x3b9aca00", maxPriorityFeePerGas: "0x773594000" },
      "FeeTooHigh",
    ],
  ] as const)("%s is %s", async (_case, fields, kind) => {
    const reply = await send(fields)
    expect(reply).toMatchObject({ error: { code: expect.any(Number), message: expect.any(String) } })
    expect(nodeErrorFromUnknown(reply).kind).toBe(kind)
  })

  it("classifies a resent pending transaction as the same nonce, and an underpriced replacement as fee too low", async () => {
    expect(await send(queued)).toMatchObject({ result: expect.any(String) })
    expect(nodeErrorFromUnknown(await send(queued)).kind).toBe("NonceSame")
    expect(nodeErrorFromUnknown(await send({ ...queued, value: "0x2" })).kind).toBe("FeeTooLow")
  })
})
