import { base64, hex } from "@scure/base"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { failureOf, ordinalsEntry, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import type { StandardWallet, StandardWalletAccount } from "../wallets/walletStandard"
import { makeWalletStandardConnector } from "./walletStandard"

const account = (entry: typeof paymentEntry): StandardWalletAccount => ({
  address: entry.address,
  publicKey: hex.decode(entry.publicKey),
  chains: ["bitcoin:mainnet"],
  features: ["bitcoin:signMessage", "bitcoin:signTransaction"],
  purpose: entry.purpose,
})

const standardWallet = (
  accounts: ReadonlyArray<StandardWalletAccount> = [account(paymentEntry), account(ordinalsEntry)],
) => {
  const { calls, answer } = recorder()
  const wallet: StandardWallet = {
    version: "1.0.0",
    name: "Standard Wallet",
    icon: "data:image/svg+xml;base64,AA==",
    chains: ["bitcoin:mainnet", "bitcoin:testnet"],
    accounts: [],
    features: {
      "bitcoin:connect": {
        version: "1.0.0",
        connect: async (input: unknown) => answer({ accounts }, "connect", input),
      },
      "bitcoin:signMessage": {
        version: "1.0.0",
        signMessage: async (input: unknown) =>
          answer([{ signature: Uint8Array.of(1, 2, 3) }], "signMessage", input),
      },
      "bitcoin:signTransaction": {
        version: "1.0.0",
        signTransaction: async (input: unknown) =>
          answer([{ signedPsbt: base64.decode(samplePsbt) }], "signTransaction", input),
      },
    },
  }
  return { calls, connector: Effect.runSync(makeWalletStandardConnector({ wallet })) }
}

describe("the Wallet Standard connector", () => {
  it("connects with bitcoin:connect for payment and ordinals", async () => {
    const { connector, calls } = standardWallet()
    const addresses = await Effect.runPromise(connector.connect())
    expect(calls).toEqual([{ method: "connect", args: [{ purposes: ["payment", "ordinals"] }] }])
    expect(addresses).toEqual([paymentEntry, ordinalsEntry])
  })

  it("says 'No account found' when the wallet connects with none", async () => {
    expect((await failureOf(standardWallet([]).connector.connect())).message).toBe("No account found")
  })

  it("signs a PSBT with the accounts and their input indexes on the active chain", async () => {
    const { connector, calls } = standardWallet()
    await Effect.runPromise(connector.connect())
    const signed = await Effect.runPromise(
      connector.signPsbt({
        psbt: samplePsbt,
        signInputs: [
          { address: paymentEntry.address, index: 0 },
          { address: paymentEntry.address, index: 2 },
        ],
      }),
    )
    const [, signing] = calls
    const input = signing?.args[0] as {
      psbt: Uint8Array
      inputsToSign: Array<{ account: StandardWalletAccount; signingIndexes: Array<number> }>
      chain: string
    }
    expect(base64.encode(input.psbt)).toBe(samplePsbt)
    expect(input.chain).toBe("bitcoin:mainnet")
    expect(
      input.inputsToSign.map(({ account: signer, signingIndexes }) => [signer.address, signingIndexes]),
    ).toEqual([[paymentEntry.address, [0, 2]]])
    expect(signed).toEqual({ psbt: samplePsbt })
  })

  it("does not broadcast: a broadcast request asks for a manual broadcast", async () => {
    const { connector, calls } = standardWallet()
    const error = await failureOf(connector.signPsbt({ psbt: samplePsbt, signInputs: [], broadcast: true }))
    expect(error.message).toBe(
      "This wallet does not broadcast PSBTs; broadcast the signed transaction manually",
    )
    expect(calls).toEqual([])
  })

  it("has no sendTransfer (use signPSBT) and no request method", async () => {
    const { connector } = standardWallet()
    expect(
      (await failureOf(connector.sendTransfer([{ recipient: paymentEntry.address, amount: "1" }]))).message,
    ).toBe("This wallet does not support sendTransfer; use signPSBT instead")
    expect((await failureOf(connector.request("getAddresses"))).message).toBe(
      "This wallet does not support the request method",
    )
  })

  it("signs messages as UTF-8 bytes and answers base64", async () => {
    const { connector, calls } = standardWallet()
    await Effect.runPromise(connector.connect())
    const signed = await Effect.runPromise(
      connector.signMessage({ address: ordinalsEntry.address, message: "gm" }),
    )
    const input = calls[1]?.args[0] as { account: StandardWalletAccount; message: Uint8Array }
    expect(new TextDecoder().decode(input.message)).toBe("gm")
    expect(input.account.address).toBe(ordinalsEntry.address)
    expect(signed).toEqual({ address: ordinalsEntry.address, signature: "AQID", protocol: "bip322" })
  })

  it("switches only to chains the wallet lists", async () => {
    const { connector } = standardWallet()
    await Effect.runPromise(connector.switchNetwork("Testnet4"))
    expect((await failureOf(connector.switchNetwork("Signet"))).message).toBe(
      "This network is not supported by the wallet",
    )
  })
})
