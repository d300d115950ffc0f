import { afterEach, describe, expect, it, vi } from "vitest"
import type { BitcoinWalletOption } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { memoryWebStorage } from "../../../storage/webStorage"
import { promiseState } from "../../../testing/promiseState.testSupport"
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
    select: async (walletOptions) => {
      prompts.push(walletOptions)
      if (options.pick === "cancel") throw new BitcoinError({ reason: "providerSelectionFailed" })
      return options.pick ?? "DevWallet"
    },
    walletOpen: (id) => void selectorCalls.push(`walletOpen ${id}`),
    walletClose: () => void selectorCalls.push("walletClose"),
    close: () => void selectorCalls.push("close"),
  }
  const client = makeBitcoinRequestClient({
    wallets: () => listBitcoinWallets(host),
    storage: memoryWebStorage(storage),
    selector: options.selector === false ? undefined : selector,
  })
  return { client, storage, prompts, selector, selectorCalls, wallet }
}

const signMessage = { address: paymentEntry.address, message: "m" }

describe("the Bitcoin request client (§4 provider selection)", () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it("prompts when there is no default, then saves the pick once the request succeeds", async () => {
    const { client, storage, prompts, selectorCalls, wallet } = setup()
    const result = await client.request("getAddresses", { purposes: ["payment"] })
    expect(result).toEqual({ addresses: [paymentEntry] })
    expect(prompts[0]?.map((option) => option.id)).toContain("DevWallet")
    expect(wallet.calls).toEqual([{ method: "getAddresses", args: [{ purposes: ["payment"] }] }])
    expect(selectorCalls).toEqual(["walletOpen DevWallet", "walletClose", "close"])
    expect(storage.get(defaultKey)).toBe("DevWallet")
  })

  it("selectProvider on its own closes the selector once a wallet is picked (it stayed open over the page)", async () => {
    const { client, prompts, selectorCalls } = setup()
    expect(await client.selectProvider()).toBe("DevWallet")
    expect(prompts).toHaveLength(1)
    expect(selectorCalls).toEqual(["close"])
    expect(client.providerId()).toBe("DevWallet")
  })

  it("selectProvider closes the selector after a cancelled pick too, and selects nothing", async () => {
    const { client, selectorCalls } = setup({ pick: "cancel" })
    await expect(client.selectProvider()).rejects.toMatchObject({ reason: "providerSelectionFailed" })
    expect(selectorCalls).toEqual(["close"])
    expect(client.providerId()).toBeUndefined()
  })

  it("closes the prompt and forgets the pick when no connector can be made for the picked wallet", async () => {
    // E.g. OKX picked on a network it has no provider for: the dialog stayed open and the pick stayed
    // selected, so every later request failed the same way without a prompt.
    const { client, prompts, selectorCalls } = setup({ pick: "GoneWallet" })
    await expect(client.request("getAddresses", {})).rejects.toMatchObject({
      message: "no wallet provider was found",
    })
    expect(selectorCalls).toEqual(["close"])
    expect(client.providerId()).toBeUndefined()
    await expect(client.request("getAddresses", {})).rejects.toBeInstanceOf(BitcoinError)
    expect(prompts).toHaveLength(2)
  })

  it("uses the saved default without prompting", async () => {
    const { client, prompts } = setup({ stored: "DevWallet" })
    await client.request("getAddresses", { purposes: ["payment"] })
    expect(prompts).toEqual([])
  })

  it("forgets the pick after a user rejection when there was no default, and prompts again next time", async () => {
    const { client, storage, prompts } = setup({ answer: () => failure(-32000, "User rejected") })
    await expect(client.request("signMessage", signMessage)).rejects.toMatchObject({ code: -32000 })
    expect(client.providerId()).toBeUndefined()
    expect(storage.has(defaultKey)).toBe(false)
    await expect(client.request("signMessage", signMessage)).rejects.toMatchObject({ code: -32000 })
    expect(prompts).toHaveLength(2)
  })

  it("keeps the pick through a failure that is no user rejection", async () => {
    const { client, prompts } = setup({ answer: () => failure(-32603, "boom") })
    await expect(client.request("signMessage", signMessage)).rejects.toMatchObject({ code: -32603 })
    expect(client.providerId()).toBe("DevWallet")
    await expect(client.request("signMessage", signMessage)).rejects.toMatchObject({ code: -32603 })
    expect(prompts).toHaveLength(1)
  })

  it("keeps a saved default through a user rejection", async () => {
    const { client, storage } = setup({ stored: "DevWallet", answer: () => failure(-32000, "User rejected") })
    await expect(client.request("signMessage", signMessage)).rejects.toMatchObject({ code: -32000 })
    expect(storage.get(defaultKey)).toBe("DevWallet")
    expect(client.providerId()).toBe("DevWallet")
  })

  it("reports a cancelled prompt, a missing selector and an uninstalled default with the §8 messages", async () => {
    const cancelled = await setup({ pick: "cancel" }).client.requestResult("getAddresses", {
      purposes: ["payment"],
    })
    expect(cancelled).toEqual({
      status: "error",
      error: {
        code: -32603,
        message: "Failed to select the provider. User may have cancelled the selection prompt.",
      },
    })
    await expect(setup({ selector: false }).client.request("getAddresses", {})).rejects.toMatchObject({
      message: "Failed to detect the wallet provider selector.",
    })
    await expect(setup({ stored: "RemovedWallet" }).client.request("getAddresses", {})).rejects.toMatchObject(
      { message: "no wallet provider was found" },
    )
  })

  it("says no wallets were detected, without prompting, when none is installed", async () => {
    const { selector, prompts } = setup()
    const client = makeBitcoinRequestClient({ wallets: () => [], storage: memoryWebStorage(), selector })
    const error = await client.request("getAddresses", {}).catch((failed: unknown) => failed)
    expect(error).toBeInstanceOf(BitcoinError)
    expect((error as BitcoinError).message).toBe(specTexts.bitcoin.noWalletsDetected)
    expect(prompts).toEqual([])
  })

  it("answers a null wallet reply with 'Wallet Error processing the request'", async () => {
    const { client } = setup({ answer: () => null, stored: "DevWallet" })
    expect(await client.requestResult("getAddresses", { purposes: ["payment"] })).toEqual({
      status: "error",
      error: { code: -32603, message: "Wallet Error processing the request" },
    })
  })

  it("answers a success as sats-connect's {status: 'success', result}", async () => {
    const { client } = setup({ stored: "DevWallet" })
    expect(await client.requestResult("getAddresses", { purposes: ["payment"] })).toEqual({
      status: "success",
      result: { addresses: [paymentEntry] },
    })
  })

  it("disconnects with wallet_renouncePermissions, then forgets the provider and the saved default", async () => {
    const { client, storage, wallet } = setup({ stored: "DevWallet", answer: () => success(null) })
    await client.disconnect()
    expect(wallet.calls).toEqual([{ method: "wallet_renouncePermissions", args: [undefined] }])
    expect(storage.has(defaultKey)).toBe(false)
    expect(client.providerId()).toBeUndefined()
  })

  it("reports a failed disconnect as DISCONNECT_ERROR but still forgets the provider", async () => {
    const { client, storage } = setup({ stored: "DevWallet", answer: () => failure(-32603, "boom") })
    await expect(client.disconnect()).rejects.toMatchObject({
      _tag: "BitcoinDisconnectError",
      type: "DISCONNECT_ERROR",
    })
    expect(storage.has(defaultKey)).toBe(false)
  })

  it("waits on a wallet that ignores wallet_renouncePermissions no longer than the EVM revoke (100 ms), and still forgets it", async () => {
    vi.useFakeTimers()
    let answerLate: (reply: unknown) => void = () => {}
    const { client, storage, wallet, selectorCalls } = setup({
      stored: "DevWallet",
      answer: (method) =>
        method === "wallet_renouncePermissions"
          ? new Promise((resolve) => {
              answerLate = resolve
            })
          : success(null),
    })
    const disconnecting = promiseState(client.disconnect())
    await vi.advanceTimersByTimeAsync(99)
    const waiting = disconnecting()
    await vi.advanceTimersByTimeAsync(1)
    expect(wallet.calls.map((call) => call.method)).toEqual(["wallet_renouncePermissions"])
    expect(waiting).toEqual({ settled: "pending" })
    // Unanswered is no refusal: the disconnect succeeds, as the EVM one does.
    expect(disconnecting()).toEqual({ settled: "resolved", value: undefined })
    expect(selectorCalls).toEqual(["walletOpen DevWallet", "walletClose", "close"])
    expect(client.providerId()).toBeUndefined()
    expect(storage.has(defaultKey)).toBe(false)
    // An answer that comes after the disconnect saves no default and selects nothing again.
    answerLate(success(null))
    await vi.advanceTimersByTimeAsync(0)
    expect(storage.has(defaultKey)).toBe(false)
    expect(client.providerId()).toBeUndefined()
    expect(selectorCalls).toHaveLength(3)
  })

  it("never prompts to disconnect when nothing is selected", async () => {
    const { client, prompts, wallet } = setup()
    await client.disconnect()
    expect(prompts).toEqual([])
    expect(wallet.calls).toEqual([])
  })

  it("warns 'No wallet provider selected...' for a listener with no wallet, and gives a no-op", () => {
    const { client } = setup()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const stop = client.addListener(() => {})
    stop()
    expect(warn.mock.calls).toEqual([["No wallet provider selected..."]])
  })

  it("hands the selected wallet's events to a listener until it stops listening", async () => {
    const { client, wallet } = setup({ stored: "DevWallet" })
    const events: Array<unknown> = []
    const stop = client.addListener((event) => events.push(event))
    wallet.emit("disconnect", {})
    stop()
    wallet.emit("disconnect", {})
    expect(events).toEqual([{ _tag: "disconnect" }])
  })

  it("refuses an invalid request before the wallet sees it", async () => {
    const { client, wallet } = setup({ stored: "DevWallet" })
    await expect(
      client.request("getAddresses", { purposes: ["payment"], message: "m".repeat(81) }),
    ).rejects.toMatchObject({ message: "The message must not exceed 80 characters." })
    await expect(client.request("stx_signTransactions", { transactions: [] })).rejects.toMatchObject({
      message: "A Stacks batch needs at least one item",
    })
    expect(wallet.calls).toEqual([])
  })
})
