import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { scriptedProvider } from "../../testing/evmProvider"
import { captureLogs } from "../../testing/logCapture"
import { evmProviderClient } from "./client"
import { getWalletCapabilities } from "./sendCalls"
import { sendTransfer } from "./sendTransfer"

const account = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const hash = `0x${"ab".repeat(32)}`

describe("sendTransfer", () => {
  it("sends a legacy (type 0) transaction priced by the node (§9)", async () => {
    const wallet = scriptedProvider({ eth_chainId: "0x1", eth_sendTransaction: hash })
    const node = scriptedProvider({
      eth_chainId: "0x1",
      eth_estimateGas: "0x5208",
      eth_gasPrice: "0x3b9aca00",
    })
    const sent = await Effect.runPromise(
      sendTransfer(
        evmProviderClient(wallet),
        { signer: account, to: receiver, amount: 5n },
        evmProviderClient(node),
      ),
    )
    expect(sent).toBe(hash)
    const sendRequest = wallet.seen.find((request) => request.method === "eth_sendTransaction")
    const [transaction] = (sendRequest?.params ?? []) as ReadonlyArray<Record<string, unknown>>
    expect(transaction).toMatchObject({ type: "0x0", gas: "0x5208", gasPrice: "0x3b9aca00", value: "0x5" })
    expect(transaction).not.toHaveProperty("maxFeePerGas")
  })

  it("logs 'WagmiAdapter:estimateGas - error estimating gas' when the node cannot estimate, and sends nothing", async () => {
    const wallet = scriptedProvider({ eth_chainId: "0x1", eth_sendTransaction: hash })
    const node = scriptedProvider({
      eth_estimateGas: () => {
        throw { code: -32000, message: "insufficient funds for gas * price + value" }
      },
    })
    const logs = captureLogs()
    const error = await Effect.runPromise(
      Effect.flip(
        sendTransfer(
          evmProviderClient(wallet),
          { signer: account, to: receiver, amount: 5n },
          evmProviderClient(node),
        ),
      ).pipe(Effect.provide(logs.layer)),
    )
    expect(error).toMatchObject({ _tag: "NodeError" })
    expect(logs.texts()).toEqual(["WagmiAdapter:estimateGas - error estimating gas"])
    expect(wallet.seen.map((request) => request.method)).not.toContain("eth_sendTransaction")
  })
})

describe("getWalletCapabilities", () => {
  it("reads capabilities by chain id", async () => {
    const wallet = scriptedProvider({
      wallet_getCapabilities: { "0x7a69": { atomic: { status: "supported" } } },
    })
    const logs = captureLogs()
    const capabilities = await Effect.runPromise(
      getWalletCapabilities(evmProviderClient(wallet), account).pipe(Effect.provide(logs.layer)),
    )
    expect(capabilities).toEqual({ 31337: { atomic: { status: "supported" } } })
    expect(logs.texts()).toEqual([])
  })

  it("logs 'Error parsing wallet capabilities' and refuses a reply of another shape", async () => {
    for (const reply of [null, ["atomic"], { "0x1": "yes" }, { "31337": { atomic: {} } }]) {
      const wallet = scriptedProvider({ wallet_getCapabilities: reply })
      const logs = captureLogs()
      const error = await Effect.runPromise(
        Effect.flip(getWalletCapabilities(evmProviderClient(wallet), account)).pipe(
          Effect.provide(logs.layer),
        ),
      )
      expect(error, JSON.stringify(reply)).toMatchObject({
        _tag: "InvalidWalletReplyError",
        message: "The wallet returned no capabilities",
      })
      expect(logs.texts()).toEqual(["Error parsing wallet capabilities"])
    }
  })
})
