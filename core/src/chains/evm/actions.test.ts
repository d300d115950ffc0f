import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { scriptedProvider } from "../../testing/evmProvider"
import { evmProviderClient } from "./client"
import { sendWalletCalls } from "./sendCalls"
import { signPersonalMessage } from "./signPersonalMessage"
import { switchNetwork } from "./switchNetwork"
import { waitForReceipt } from "./waitForReceipt"

const account = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const hash = `0x${"ab".repeat(32)}` as const
const receipt = {
  transactionHash: hash,
  transactionIndex: "0x0",
  blockHash: `0x${"cd".repeat(32)}`,
  blockNumber: "0x5",
  from: account,
  to: account,
  cumulativeGasUsed: "0x5208",
  gasUsed: "0x5208",
  effectiveGasPrice: "0x3b9aca00",
  contractAddress: null,
  logs: [],
  logsBloom: `0x${"00".repeat(256)}`,
  status: "0x1",
  type: "0x2",
}
const localChain = {
  id: 1337,
  name: "Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
}

/** Lets the provider's promise settle so the polling fiber reaches its next sleep (no timing involved). */
const settle = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

describe("waitForReceipt", () => {
  it("fails with TransactionConfirmationTimeout when no receipt arrives within 25 s", async () => {
    const provider = scriptedProvider({ eth_getTransactionReceipt: null })
    const exit = await Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(waitForReceipt(evmProviderClient(provider), hash))
      yield* settle
      yield* TestClock.adjust("24999 millis")
      yield* settle
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      return yield* Fiber.await(fiber)
    }).pipe(Effect.provide(TestClock.layer()), Effect.runPromise)
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    expect(error && "error" in error ? error.error : undefined).toMatchObject({
      _tag: "TransactionConfirmationTimeout",
      hash,
      message: `Transaction ${hash} was not confirmed within 25 s`,
    })
    expect(provider.seen.length).toBeGreaterThan(1) // it kept polling until the deadline
  })

  it("returns the receipt once the node has one, polling on the clock", async () => {
    let polls = 0
    const provider = scriptedProvider({ eth_getTransactionReceipt: () => (++polls < 3 ? null : receipt) })
    const result = await Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(waitForReceipt(evmProviderClient(provider), hash))
      for (let step = 0; step < 3 && fiber.pollUnsafe() === undefined; step++) {
        yield* settle
        yield* TestClock.adjust("250 millis")
      }
      return yield* Fiber.join(fiber)
    }).pipe(Effect.provide(TestClock.layer()), Effect.runPromise)
    expect(result.status).toBe("success")
    expect(result.gasUsed).toBe(21_000n)
    expect(polls).toBe(3)
  })

  it("stops at once on a node error instead of polling to the timeout", async () => {
    const provider = scriptedProvider({
      eth_getTransactionReceipt: () => {
        throw { code: -32005, message: "limit exceeded" }
      },
    })
    const error = await Effect.runPromise(Effect.flip(waitForReceipt(evmProviderClient(provider), hash)))
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: -32005 })
  })
})

describe("wallet requests", () => {
  it("maps a wallet refusal of personal_sign to a ProviderRpcError with code 4001", async () => {
    const provider = scriptedProvider({
      personal_sign: () => {
        throw { code: 4001, message: "User rejected the request." }
      },
    })
    const error = await Effect.runPromise(
      Effect.flip(signPersonalMessage(evmProviderClient(provider), { signer: account, message: "hello" })),
    )
    expect(error).toMatchObject({
      _tag: "ProviderRpcError",
      code: 4001,
      message: "User rejected the request.",
    })
    expect(provider.seen).toEqual([{ method: "personal_sign", params: ["0x68656c6c6f", account] }])
  })

  it("rejects a wallet_sendCalls call whose 'to' is not 0x-prefixed before the wallet sees it", async () => {
    const provider = scriptedProvider({ wallet_sendCalls: { id: "0x01" } })
    const client = evmProviderClient(provider)
    const bad = [{ to: account.slice(2) as `0x${string}`, value: 1n }]
    const error = await Effect.runPromise(
      Effect.flip(sendWalletCalls(client, { signer: account, chain: localChain, calls: bad })),
    )
    expect(error).toMatchObject({ _tag: "RpcPolicyError", code: -32602 })
    expect(error.message).toBe("wallet_sendCalls needs a 0x-prefixed 'to' in every call")
    expect(provider.seen).toEqual([])

    const id = await Effect.runPromise(
      sendWalletCalls(client, { signer: account, chain: localChain, calls: [{ to: account, value: 1n }] }),
    )
    expect(id).toBe("0x01")
    expect(provider.seen[0]?.method).toBe("wallet_sendCalls")
    expect(provider.seen[0]?.params).toMatchObject([
      { chainId: "0x539", from: account, calls: [{ to: account }] },
    ])
  })

  it("adds an unknown chain to the wallet and switches again", async () => {
    let switches = 0
    const provider = scriptedProvider({
      wallet_switchEthereumChain: () => {
        if (switches++ === 0) throw { code: 4902, message: "Unrecognized chain ID" }
        return null
      },
      wallet_addEthereumChain: null,
    })
    await Effect.runPromise(switchNetwork(evmProviderClient(provider), localChain))
    expect(provider.seen.map((request) => request.method)).toEqual([
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "wallet_switchEthereumChain",
    ])
    expect(provider.seen[1]?.params).toMatchObject([{ chainId: "0x539", rpcUrls: ["http://127.0.0.1:8545"] }])
  })

  it("passes a refused switch through without adding the chain", async () => {
    const provider = scriptedProvider({
      wallet_switchEthereumChain: () => {
        throw { code: 4001, message: "User rejected the request." }
      },
    })
    const error = await Effect.runPromise(Effect.flip(switchNetwork(evmProviderClient(provider), localChain)))
    expect(error.code).toBe(4001)
    expect(provider.seen).toHaveLength(1)
  })
})
