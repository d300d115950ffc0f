import { base64 } from "@scure/base"
import { Effect, Option, Stream } from "effect"
import { describe, expect, it } from "vitest"
import type { RpcRequest } from "../../../connectors/Connector"
import type { CaipAccountId, CaipNetworkId } from "../../../domain/caip"
import { bitcoinChainIds } from "../networks"
import { failureOf, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import { makeWalletConnectBitcoinConnector, type WalletConnectBitcoinSession } from "./walletConnect"

const mainnet = bitcoinChainIds.Mainnet
// Sessions as the WalletConnect connector hands them over (its ids decoded at the wallet boundary); the
// malformed one below could only come from a wallet past that boundary, and must still be refused.
const account = (id: string) => id as CaipAccountId
const address = paymentEntry.address

const walletConnect = (options: {
  session?: WalletConnectBitcoinSession | undefined
  answer?: (request: RpcRequest) => unknown
  network?: "Mainnet" | undefined
}) => {
  const { calls, record, answer } = recorder()
  const session =
    "session" in options
      ? options.session
      : {
          accounts: [account(`${mainnet}:${address}`)],
          chainId: mainnet,
          methods: { bip122: ["signMessage", "sendTransfer", "getAccountAddresses", "signPsbt"] },
        }
  const connector = Effect.runSync(
    makeWalletConnectBitcoinConnector({
      connector: {
        request: (request) => Effect.sync(() => answer(options.answer?.(request), "request", request)),
        switchChain: (chainId) => Effect.sync(() => record("switchChain", chainId)),
        disconnect: () => Effect.void,
        events: Stream.empty,
        session: Effect.succeed(Option.fromNullishOr(session)),
      },
      activeNetwork: () => ("network" in options ? options.network : "Mainnet"),
    }),
  )
  return { calls, connector }
}

describe("the WalletConnect bip122 adapter", () => {
  it("signs a message as the session's account and turns a hex signature into base64", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ signature: "010203", address }) })
    const signed = await Effect.runPromise(connector.signMessage({ address, message: "gm" }))
    expect(calls).toEqual([
      {
        method: "request",
        args: [
          { method: "signMessage", params: { message: "gm", account: address, address, protocol: "bip322" } },
        ],
      },
    ])
    expect(signed.signature).toBe(base64.encode(Uint8Array.of(1, 2, 3)))
  })

  it("sends one recipient with recipientAddress and a satoshi string", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ txid: "ab".repeat(32) }) })
    await Effect.runPromise(
      connector.sendTransfer([{ recipient: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "5000" }]),
    )
    expect(calls[0]?.args[0]).toEqual({
      method: "sendTransfer",
      params: { account: address, recipientAddress: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", amount: "5000" },
    })
  })

  it("signs PSBTs with the account and the inputs as listed", async () => {
    const { connector, calls } = walletConnect({ answer: () => ({ psbt: samplePsbt }) })
    await Effect.runPromise(
      connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address, index: 0 }], broadcast: false }),
    )
    expect(calls[0]?.args[0]).toEqual({
      method: "signPsbt",
      params: { account: address, psbt: samplePsbt, signInputs: [{ address, index: 0 }], broadcast: false },
    })
  })

  it("lists account addresses by intention", async () => {
    const { connector } = walletConnect({
      answer: () => [
        { address, publicKey: paymentEntry.publicKey, intention: "payment" },
        { address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", intention: "ordinal" },
      ],
    })
    const addresses = await Effect.runPromise(connector.getAccountAddresses())
    expect(addresses.map((entry) => [entry.purpose, entry.addressType])).toEqual([
      ["payment", "p2wpkh"],
      ["ordinals", "p2tr"],
    ])
  })

  it("uses the adapter's exact messages", async () => {
    const sign = { address, message: "gm" }
    expect((await failureOf(walletConnect({ network: undefined }).connector.signMessage(sign))).message).toBe(
      "Chain not found",
    )
    expect((await failureOf(walletConnect({ session: undefined }).connector.signMessage(sign))).message).toBe(
      "Account not found",
    )
    expect(
      (
        await failureOf(
          walletConnect({
            session: { accounts: [account(`${bitcoinChainIds.Testnet4}:${address}`)], chainId: mainnet },
          }).connector.signMessage(sign),
        )
      ).message,
    ).toBe("Account not found")
    expect(
      (
        await failureOf(
          walletConnect({
            session: { accounts: [account(`${mainnet}:`)], chainId: mainnet },
          }).connector.signMessage(sign),
        )
      ).message,
    ).toBe("Address not found")
    const limited = walletConnect({
      session: {
        accounts: [account(`${mainnet}:${address}`)],
        chainId: mainnet,
        methods: { bip122: ["signMessage"] },
      },
    })
    expect((await failureOf(limited.connector.signPsbt({ psbt: samplePsbt, signInputs: [] }))).message).toBe(
      "Method signPsbt is not supported",
    )
    expect(
      (await failureOf(walletConnect({ answer: () => undefined }).connector.signMessage(sign))).message,
    ).toBe("No response from wallet")
  })

  it("moves the WalletConnect connector to the active Bitcoin chain before asking", async () => {
    const { connector, calls } = walletConnect({
      session: {
        accounts: [
          account(`${mainnet}:${address}`),
          account("eip155:1:0x0000000000000000000000000000000000000001"),
        ],
        chainId: "eip155:1" as CaipNetworkId,
      },
      answer: () => ({ signature: "c2ln" }),
    })
    await Effect.runPromise(connector.signMessage({ address, message: "gm" }))
    expect(calls.map((call) => call.method)).toEqual(["switchChain", "request"])
    expect(calls[0]?.args).toEqual([mainnet])
  })
})
