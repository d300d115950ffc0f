import { base64, hex } from "@scure/base"
import { describe, expect, it } from "vitest"
import { failureAfter } from "../testing/fakeClock.testSupport"
import { failureOf, ordinalsEntry, paymentEntry, recorder, samplePsbt } from "../testing/fakeWallets"
import type { StandardWallet, StandardWalletAccount } from "../wallets/walletStandard"
import { type BitcoinWalletEvent, requestThroughConnector } from "./BitcoinConnector"
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
  return { calls, wallet, connector: makeWalletStandardConnector({ wallet }) }
}

describe("the Wallet Standard connector", () => {
  it("connects with bitcoin:connect for payment and ordinals", async () => {
    const { connector, calls } = standardWallet()
    const addresses = await connector.connect()
    expect(calls).toEqual([{ method: "connect", args: [{ purposes: ["payment", "ordinals"] }] }])
    expect(addresses).toEqual([paymentEntry, ordinalsEntry])
  })

  it("answers the selector's getAddresses by connecting (it answered an empty list before any connect)", async () => {
    const { connector, calls } = standardWallet()
    expect(await requestThroughConnector(connector, "getAddresses", { purposes: ["ordinals"] })).toEqual({
      addresses: [ordinalsEntry],
    })
    expect(calls.map((call) => call.method)).toEqual(["connect"])
  })

  it("calls a connect reply with an account it cannot read malformed, never a crash", async () => {
    for (const broken of [
      { ...account(paymentEntry), publicKey: paymentEntry.publicKey },
      { ...account(paymentEntry), address: 7 },
      null,
    ]) {
      const error = await failureOf(
        standardWallet([broken as unknown as StandardWalletAccount]).connector.connect(),
      )
      expect(error, JSON.stringify(broken)).toMatchObject({
        _tag: "BitcoinRpcError",
        code: -32603,
        message: "The wallet's reply to bitcoin:connect is malformed",
      })
    }
  })

  it("keeps only the accounts it can read, from a change event or the wallet's own list", async () => {
    let listener: ((properties: { accounts?: unknown }) => void) | undefined
    const { wallet } = standardWallet()
    const connector = makeWalletStandardConnector({
      wallet: {
        ...wallet,
        features: {
          ...wallet.features,
          "standard:events": {
            version: "1.0.0",
            on: (_event: string, handler: typeof listener) => {
              listener = handler
              return () => {}
            },
          },
        },
      },
    })
    connector.onEvent(() => {})
    listener?.({ accounts: [account(ordinalsEntry), { address: paymentEntry.address, publicKey: "02aa" }] })
    expect(await connector.getAccountAddresses()).toEqual([{ ...ordinalsEntry }])

    const listed = makeWalletStandardConnector({
      wallet: { ...wallet, accounts: [{ address: 1 } as never, account(paymentEntry)] },
    })
    expect(await listed.getAccountAddresses()).toEqual([paymentEntry])
  })

  it("says 'No account found' when the wallet connects with none", async () => {
    expect((await failureOf(standardWallet([]).connector.connect())).message).toBe("No account found")
  })

  it("signs a PSBT with the accounts and their input indexes on the active chain", async () => {
    const { connector, calls } = standardWallet()
    await connector.connect()
    const signed = await connector.signPsbt({
      psbt: samplePsbt,
      signInputs: [
        { address: paymentEntry.address, index: 0 },
        { address: paymentEntry.address, index: 2 },
      ],
    })
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
    await connector.connect()
    const signed = await connector.signMessage({ address: ordinalsEntry.address, message: "gm" })
    const input = calls[1]?.args[0] as { account: StandardWalletAccount; message: Uint8Array }
    expect(new TextDecoder().decode(input.message)).toBe("gm")
    expect(input.account.address).toBe(ordinalsEntry.address)
    expect(signed).toEqual({ address: ordinalsEntry.address, signature: "AQID", protocol: "bip322" })
  })

  it("switches only to chains the wallet lists", async () => {
    const { connector } = standardWallet()
    await connector.switchNetwork("Testnet4")
    await connector.switchNetwork("Testnet")
    expect(connector.network()).toBe("Testnet")
    for (const network of ["Signet", "Regtest"] as const)
      expect((await failureOf(connector.switchNetwork(network))).message, network).toBe(
        "This network is not supported by the wallet",
      )
  })

  it("knows each network by its Wallet Standard chain name", async () => {
    const { wallet } = standardWallet()
    const everyChain = makeWalletStandardConnector({
      wallet: {
        ...wallet,
        chains: ["bitcoin:mainnet", "bitcoin:testnet", "bitcoin:signet", "bitcoin:regtest"],
      },
    })
    for (const network of ["Testnet", "Testnet4", "Signet", "Regtest", "Mainnet"] as const) {
      await everyChain.switchNetwork(network)
      expect(everyChain.network()).toBe(network)
    }
  })
})

describe("the Wallet Standard connector on the edges", () => {
  /** A wallet with only the features given (each recording its calls), on mainnet, testnet and signet. */
  const withFeatures = (
    features: Record<string, unknown>,
    accounts: ReadonlyArray<StandardWalletAccount> = [],
  ) => {
    const wallet: StandardWallet = {
      version: "1.0.0",
      name: "Bare Wallet",
      icon: "data:,bare",
      chains: ["bitcoin:mainnet", "bitcoin:testnet", "bitcoin:signet"],
      accounts,
      features: { "bitcoin:connect": { version: "1.0.0", connect: async () => ({ accounts }) }, ...features },
    }
    return makeWalletStandardConnector({ wallet })
  }
  const unnamed = (entry: typeof paymentEntry): StandardWalletAccount => {
    const { purpose: _purpose, ...rest } = account(entry)
    return rest
  }

  it("is named after the wallet", () => {
    const connector = withFeatures({})
    expect([connector.id, connector.name, connector.icon, connector.kind]).toEqual([
      "Bare Wallet",
      "Bare Wallet",
      "data:,bare",
      "walletStandard",
    ])
  })

  it("takes accounts without a purpose as payment first, ordinals after", async () => {
    const connector = withFeatures({}, [unnamed(paymentEntry), unnamed(ordinalsEntry)])
    expect(await connector.connect()).toEqual([paymentEntry, ordinalsEntry])
    expect((await connector.getAccountAddresses({ purposes: ["ordinals"] })).map((e) => e.address)).toEqual([
      ordinalsEntry.address,
    ])
  })

  it("starts from the accounts the wallet already shares, and forgets them on disconnect", async () => {
    const connector = withFeatures({}, [account(paymentEntry)])
    expect(await connector.getAccountAddresses()).toEqual([paymentEntry])
    await connector.disconnect()
    expect(await connector.getAccountAddresses()).toEqual([])
  })

  it("calls standard:disconnect when the wallet has it", async () => {
    const { calls, answer } = recorder()
    const connector = withFeatures({
      "standard:disconnect": { version: "1.0.0", disconnect: async () => answer(undefined, "disconnect") },
    })
    await connector.disconnect()
    expect(calls).toEqual([{ method: "disconnect", args: [] }])
  })

  it("checks the prompt message first and switches networks before connecting", async () => {
    const connector = withFeatures({}, [account(paymentEntry)])
    expect((await failureOf(connector.connect({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect((await failureOf(connector.getAccountAddresses({ message: "m".repeat(81) }))).message).toBe(
      "The message must not exceed 80 characters.",
    )
    expect((await failureOf(connector.connect({ network: "Regtest" }))).message).toBe(
      "This network is not supported by the wallet",
    )
    await connector.connect({ network: "Signet" })
    expect(connector.network()).toBe("Signet")
  })

  it("says 'Method not supported by the selected wallet' for a feature the wallet lacks", async () => {
    const connector = withFeatures({}, [account(paymentEntry)])
    await connector.connect()
    expect(
      (await failureOf(connector.signMessage({ address: paymentEntry.address, message: "gm" }))).message,
    ).toBe("Method not supported by the selected wallet")
    expect(
      (
        await failureOf(
          connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] }),
        )
      ).message,
    ).toBe("Method not supported by the selected wallet")
  })

  it("signs only for its accounts: 'No account found'", async () => {
    const { connector, calls } = standardWallet()
    await connector.connect()
    const stranger = "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV"
    expect((await failureOf(connector.signMessage({ address: stranger, message: "gm" }))).message).toBe(
      "No account found",
    )
    expect(
      (
        await failureOf(
          connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: stranger, index: 0 }] }),
        )
      ).message,
    ).toBe("No account found")
    expect(calls).toHaveLength(1)
  })

  it("calls replies without bytes malformed", async () => {
    const connector = withFeatures(
      {
        "bitcoin:signMessage": { version: "1.0.0", signMessage: async () => [{ signature: "AQID" }] },
        "bitcoin:signTransaction": { version: "1.0.0", signTransaction: async () => [] },
      },
      [account(paymentEntry)],
    )
    await connector.connect()
    expect(
      await failureOf(connector.signMessage({ address: paymentEntry.address, message: "gm" })),
    ).toMatchObject({
      code: -32603,
      message: "The wallet's reply to bitcoin:signMessage is malformed",
    })
    expect(
      await failureOf(
        connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] }),
      ),
    ).toMatchObject({ code: -32603, message: "The wallet's reply to bitcoin:signTransaction is malformed" })
  })

  it("signs with the protocol asked, and refuses a PSBT that is not one before the wallet is asked", async () => {
    const { connector, calls } = standardWallet()
    await connector.connect()
    const signed = await connector.signMessage({
      address: paymentEntry.address,
      message: "gm",
      protocol: "ecdsa",
    })
    expect(signed.protocol).toBe("ecdsa")
    expect((await failureOf(connector.signPsbt({ psbt: "cHNidA==", signInputs: [] }))).message).toBe(
      "Invalid PSBT: not a base64 PSBT",
    )
    expect(calls).toHaveLength(2)
  })

  it("groups inputs by account in order and names the chain of the network (testnet4 is bitcoin:testnet)", async () => {
    const { connector, calls } = standardWallet()
    await connector.connect()
    await connector.switchNetwork("Testnet4")
    await connector.signPsbt({
      psbt: samplePsbt,
      broadcast: false,
      signInputs: [
        { address: ordinalsEntry.address, index: 1 },
        { address: paymentEntry.address, index: 0 },
        { address: ordinalsEntry.address, index: 3 },
      ],
    })
    const input = calls[1]?.args[0] as {
      inputsToSign: Array<{ account: StandardWalletAccount; signingIndexes: Array<number> }>
      chain: string
    }
    expect(input.chain).toBe("bitcoin:testnet")
    expect(
      input.inputsToSign.map(({ account: signer, signingIndexes }) => [signer.address, signingIndexes]),
    ).toEqual([
      [ordinalsEntry.address, [1, 3]],
      [paymentEntry.address, [0]],
    ])
  })

  it("follows the wallet's account changes: none left is a disconnect", async () => {
    let listener: ((properties: { accounts?: unknown }) => void) | undefined
    const connector = withFeatures({
      "standard:events": {
        version: "1.0.0",
        // Only the Wallet Standard's "change" event carries account changes.
        on: (event: string, handler: typeof listener) => {
          if (event === "change") listener = handler
          return () => {
            listener = undefined
          }
        },
      },
    })
    const events: Array<BitcoinWalletEvent> = []
    const stop = connector.onEvent((event) => events.push(event))
    listener?.({ accounts: [account(ordinalsEntry)] })
    listener?.({})
    listener?.({ accounts: [] })
    stop()
    expect(events).toEqual([{ _tag: "accountsChanged" }, { _tag: "disconnect" }])
    expect(listener).toBeUndefined()
  })
})

describe("the Wallet Standard connector's replies", () => {
  it("keeps the purpose a wallet gives, whatever the account's position", async () => {
    const { connector } = standardWallet([account(ordinalsEntry), account(paymentEntry)])
    expect((await connector.connect()).map((entry) => entry.purpose)).toEqual(["ordinals", "payment"])
    expect(connector.chain).toBe("bip122")
  })

  it("reads a connect reply without accounts as none, and a sign reply without an output as malformed", async () => {
    const wallet = (overrides: Record<string, unknown>): StandardWallet => ({
      version: "1.0.0",
      name: "Odd Wallet",
      icon: "",
      chains: ["bitcoin:mainnet"],
      accounts: [account(paymentEntry)],
      features: {
        "bitcoin:connect": { version: "1.0.0", connect: async () => null },
        "bitcoin:signMessage": { version: "1.0.0", signMessage: async () => [] },
        ...overrides,
      },
    })
    const connector = makeWalletStandardConnector({ wallet: wallet({}) })
    expect((await failureOf(connector.connect())).message).toBe("No account found")
    expect(
      (await failureOf(connector.signMessage({ address: paymentEntry.address, message: "gm" }))).message,
    ).toBe("The wallet's reply to bitcoin:signMessage is malformed")
  })

  it("names the feature a silent wallet did not answer", async () => {
    const never = async () => new Promise<never>(() => {})
    const wallet: StandardWallet = {
      version: "1.0.0",
      name: "Silent Wallet",
      icon: "",
      chains: ["bitcoin:mainnet"],
      accounts: [account(paymentEntry)],
      features: {
        "bitcoin:connect": { version: "1.0.0", connect: never },
        "bitcoin:signMessage": { version: "1.0.0", signMessage: never },
        "bitcoin:signTransaction": { version: "1.0.0", signTransaction: never },
        "standard:disconnect": { version: "1.0.0", disconnect: never },
      },
    }
    const connector = makeWalletStandardConnector({ wallet })
    const message = async (start: () => Promise<unknown>) => (await failureAfter(start)).message
    const within = (method: string) => `The wallet did not answer ${method} within 300 s`
    expect(await message(() => connector.signMessage({ address: paymentEntry.address, message: "gm" }))).toBe(
      within("bitcoin:signMessage"),
    )
    expect(
      await message(() =>
        connector.signPsbt({ psbt: samplePsbt, signInputs: [{ address: paymentEntry.address, index: 0 }] }),
      ),
    ).toBe(within("bitcoin:signTransaction"))
    expect(await message(() => connector.connect())).toBe(within("bitcoin:connect"))
    expect(await message(() => connector.disconnect())).toBe(within("standard:disconnect"))
  })
})
