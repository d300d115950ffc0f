import { Effect, Fiber, Layer, Logger, Option } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import type { BitcoinWalletOption } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { fromMap, Storage } from "../../../storage/Storage"
import { specTexts } from "../../../testing/specTexts"
import { failure, fakeRequestApi, paymentEntry, success } from "../testing/fakeWallets"
import { listBitcoinWallets, type WalletHost } from "../wallets/discovery"
import { makeBitcoinRequestClient } from "./requestClient"
import type { WalletSelector } from "./selectorPort"

const defaultKey = "sats-connect_defaultProvider"

const setup = (
  options: {
    answer?: (method: string) => unknown
    pick?: string | "cancel"
    stored?: string
    selector?: boolean
  } = {},
) => {
  const wallet = fakeRequestApi((method) =>
    options.answer ? options.answer(method) : success({ addresses: [paymentEntry] }),
  )
  const host: WalletHost = Object.assign(new EventTarget(), {
    DevWallet: wallet.provider,
    btc_providers: [{ id: "DevWallet", name: "Dev Wallet", icon: "data:image/svg+xml;base64,AA==" }],
  })
  const storage = new Map<string, string>(options.stored ? [[defaultKey, options.stored]] : [])
  const prompts: Array<ReadonlyArray<BitcoinWalletOption>> = []
  const selectorCalls: Array<string> = []
  const selector: WalletSelector = {
    select: (walletOptions) =>
      Effect.suspend(() => {
        prompts.push(walletOptions)
        return options.pick === "cancel"
          ? Effect.fail(new BitcoinError({ reason: "providerSelectionFailed" }))
          : Effect.succeed(options.pick ?? "DevWallet")
      }),
    walletOpen: (id) => Effect.sync(() => void selectorCalls.push(`walletOpen ${id}`)),
    walletClose: Effect.sync(() => void selectorCalls.push("walletClose")),
    close: Effect.sync(() => void selectorCalls.push("close")),
  }
  const client = Effect.runSync(
    makeBitcoinRequestClient({
      wallets: Effect.sync(() => listBitcoinWallets(host)),
      selector: options.selector === false ? undefined : selector,
    }).pipe(Effect.provide(Layer.succeed(Storage, fromMap(storage)))),
  )
  return { client, storage, prompts, selector, selectorCalls, walletCalls: wallet.calls }
}

describe("the Bitcoin request client (§4 provider selection)", () => {
  it("prompts when there is no default, then saves the pick once the request succeeds", async () => {
    const { client, storage, prompts, selectorCalls, walletCalls } = setup()
    const result = await Effect.runPromise(client.request("getAddresses", { purposes: ["payment"] }))
    expect(result).toEqual({ addresses: [paymentEntry] })
    expect(prompts[0]?.map((option) => option.id)).toContain("DevWallet")
    expect(walletCalls).toEqual([{ method: "getAddresses", args: [{ purposes: ["payment"] }] }])
    expect(selectorCalls).toEqual(["walletOpen DevWallet", "walletClose", "close"])
    expect(storage.get(defaultKey)).toBe("DevWallet")
  })

  it("selectProvider on its own closes the selector once a wallet is picked (it stayed open over the page)", async () => {
    const { client, prompts, selectorCalls } = setup()
    expect(await Effect.runPromise(client.selectProvider)).toBe("DevWallet")
    expect(prompts).toHaveLength(1)
    expect(selectorCalls).toEqual(["close"])
    expect(await Effect.runPromise(client.providerId)).toEqual(Option.some("DevWallet"))
  })

  it("closes the prompt and forgets the pick when no connector can be made for the picked wallet", async () => {
    // E.g. OKX picked on a network it has no provider for: the dialog stayed open and the pick stayed
    // selected, so every later request failed the same way without a prompt.
    const { client, prompts, selectorCalls } = setup({ pick: "GoneWallet" })
    const error = await Effect.runPromise(Effect.flip(client.request("getAddresses", {})))
    expect(error.message).toBe("no wallet provider was found")
    expect(selectorCalls).toEqual(["close"])
    expect(Option.isNone(await Effect.runPromise(client.providerId))).toBe(true)
    await Effect.runPromise(Effect.flip(client.request("getAddresses", {})))
    expect(prompts).toHaveLength(2)
  })

  it("uses the saved default without prompting", async () => {
    const { client, prompts } = setup({ stored: "DevWallet" })
    await Effect.runPromise(client.request("getAddresses", { purposes: ["payment"] }))
    expect(prompts).toEqual([])
  })

  it("forgets the pick after a user rejection when there was no default, and prompts again next time", async () => {
    const { client, storage, prompts } = setup({ answer: () => failure(-32000, "User rejected") })
    const error = await Effect.runPromise(
      Effect.flip(client.request("signMessage", { address: paymentEntry.address, message: "m" })),
    )
    expect(error).toMatchObject({ code: -32000 })
    expect(Option.isNone(await Effect.runPromise(client.providerId))).toBe(true)
    expect(storage.has(defaultKey)).toBe(false)
    await Effect.runPromise(
      Effect.flip(client.request("signMessage", { address: paymentEntry.address, message: "m" })),
    )
    expect(prompts).toHaveLength(2)
  })

  it("keeps a saved default through a user rejection", async () => {
    const { client, storage } = setup({ stored: "DevWallet", answer: () => failure(-32000, "User rejected") })
    await Effect.runPromise(
      Effect.flip(client.request("signMessage", { address: paymentEntry.address, message: "m" })),
    )
    expect(storage.get(defaultKey)).toBe("DevWallet")
    expect(await Effect.runPromise(client.providerId)).toEqual(Option.some("DevWallet"))
  })

  it("reports a cancelled prompt, a missing selector and an uninstalled default with the §8 messages", async () => {
    const cancelled = await Effect.runPromise(
      setup({ pick: "cancel" }).client.requestResult("getAddresses", { purposes: ["payment"] }),
    )
    expect(cancelled).toEqual({
      status: "error",
      error: {
        code: -32603,
        message: "Failed to select the provider. User may have cancelled the selection prompt.",
      },
    })
    const noSelector = await Effect.runPromise(
      Effect.flip(setup({ selector: false }).client.request("getAddresses", {})),
    )
    expect(noSelector.message).toBe("Failed to detect the wallet provider selector.")
    const gone = await Effect.runPromise(
      Effect.flip(setup({ stored: "RemovedWallet" }).client.request("getAddresses", {})),
    )
    expect(gone.message).toBe("no wallet provider was found")
  })

  it("says no wallets were detected, without prompting, when none is installed", async () => {
    const { selector, prompts } = setup()
    const client = Effect.runSync(
      makeBitcoinRequestClient({ wallets: Effect.succeed([]), selector }).pipe(
        Effect.provide(Layer.succeed(Storage, fromMap(new Map()))),
      ),
    )
    const error = await Effect.runPromise(Effect.flip(client.request("getAddresses", {})))
    expect(error).toBeInstanceOf(BitcoinError)
    expect(error.message).toBe(specTexts.bitcoin.noWalletsDetected)
    expect(prompts).toEqual([])
  })

  it("answers a null wallet reply with 'Wallet Error processing the request'", async () => {
    const { client } = setup({ answer: () => null, stored: "DevWallet" })
    expect(await Effect.runPromise(client.requestResult("getAddresses", { purposes: ["payment"] }))).toEqual({
      status: "error",
      error: { code: -32603, message: "Wallet Error processing the request" },
    })
  })

  it("disconnects with wallet_renouncePermissions, then forgets the provider and the saved default", async () => {
    const { client, storage, walletCalls } = setup({ stored: "DevWallet", answer: () => success(null) })
    await Effect.runPromise(client.disconnect)
    expect(walletCalls).toEqual([{ method: "wallet_renouncePermissions", args: [undefined] }])
    expect(storage.has(defaultKey)).toBe(false)
    expect(Option.isNone(await Effect.runPromise(client.providerId))).toBe(true)
  })

  it("reports a failed disconnect as DISCONNECT_ERROR but still forgets the provider", async () => {
    const { client, storage } = setup({ stored: "DevWallet", answer: () => failure(-32603, "boom") })
    const error = await Effect.runPromise(Effect.flip(client.disconnect))
    expect(error).toMatchObject({ _tag: "BitcoinDisconnectError", type: "DISCONNECT_ERROR" })
    expect(storage.has(defaultKey)).toBe(false)
  })

  it("waits on a wallet that ignores wallet_renouncePermissions no longer than the EVM revoke (100 ms), and still forgets it", async () => {
    const { client, storage, walletCalls } = setup({
      stored: "DevWallet",
      answer: (method) => (method === "wallet_renouncePermissions" ? new Promise(() => {}) : success(null)),
    })
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const disconnecting = yield* Effect.forkChild(Effect.exit(client.disconnect))
        yield* TestClock.adjust("99 millis")
        const waiting = disconnecting.pollUnsafe() === undefined
        yield* TestClock.adjust("1 millis")
        const exit = disconnecting.pollUnsafe()
        yield* Fiber.interrupt(disconnecting)
        return { waiting, exit, providerId: yield* client.providerId }
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(walletCalls.map((call) => call.method)).toEqual(["wallet_renouncePermissions"])
    expect(outcome.waiting).toBe(true)
    // Unanswered is no refusal: the disconnect succeeds, as the EVM one does.
    expect(outcome.exit).toMatchObject({ _tag: "Success", value: { _tag: "Success" } })
    expect(Option.isNone(outcome.providerId)).toBe(true)
    expect(storage.has(defaultKey)).toBe(false)
  })

  it("never prompts to disconnect when nothing is selected", async () => {
    const { client, prompts, walletCalls } = setup()
    await Effect.runPromise(client.disconnect)
    expect(prompts).toEqual([])
    expect(walletCalls).toEqual([])
  })

  it("logs 'No wallet provider selected...' for a listener with no wallet, and gives a no-op", async () => {
    const { client } = setup()
    const logged: Array<string> = []
    const capture = Logger.layer([
      Logger.make(({ logLevel, message }) => void logged.push(`${logLevel} ${String(message)}`)),
    ])
    const stop = await Effect.runPromise(client.addListener(() => {}).pipe(Effect.provide(capture)))
    stop()
    expect(logged).toEqual(["Warn No wallet provider selected..."])
  })

  it("refuses an invalid request before the wallet sees it", async () => {
    const { client, walletCalls } = setup({ stored: "DevWallet" })
    const error = await Effect.runPromise(
      Effect.flip(client.request("getAddresses", { purposes: ["payment"], message: "m".repeat(81) })),
    )
    expect(error.message).toBe("The message must not exceed 80 characters.")
    const batch = await Effect.runPromise(
      Effect.flip(client.request("stx_signTransactions", { transactions: [] })),
    )
    expect(batch.message).toBe("A Stacks batch needs at least one item")
    expect(walletCalls).toEqual([])
  })
})
