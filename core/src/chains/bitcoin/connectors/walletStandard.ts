import { base64, hex } from "@scure/base"
import { type Duration, Effect, Ref } from "effect"
import type { AddressPurpose, BitcoinAddressEntry, BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { checkPromptMessage, defaultSigningProtocol } from "../request/methods"
import { walletCall } from "../request/walletCall"
import { BITCOIN_CONNECT, type StandardWallet, type StandardWalletAccount } from "../wallets/walletStandard"
import {
  addressTypeOf,
  type BitcoinConnector,
  forPurposes,
  psbtBytes,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventStream } from "./walletEvents"

/**
 * A Wallet Standard wallet with the `bitcoin:connect` feature. The standard has no broadcast and no
 * transfer: a PSBT asked to be broadcast is refused (broadcast it yourself), sendTransfer says to use
 * signPsbt, and there is no raw request method.
 */
const standardChains: Readonly<Record<BitcoinNetwork, string>> = {
  Mainnet: "bitcoin:mainnet",
  Testnet: "bitcoin:testnet",
  Testnet4: "bitcoin:testnet",
  Signet: "bitcoin:signet",
  Regtest: "bitcoin:regtest",
}

interface ConnectFeature {
  readonly connect: (input: { readonly purposes: ReadonlyArray<AddressPurpose> }) => Promise<{
    readonly accounts: ReadonlyArray<StandardWalletAccount>
  }>
}
interface SignMessageFeature {
  readonly signMessage: (
    ...inputs: ReadonlyArray<{ readonly account: StandardWalletAccount; readonly message: Uint8Array }>
  ) => Promise<ReadonlyArray<{ readonly signature: Uint8Array }>>
}
interface SignTransactionFeature {
  readonly signTransaction: (
    ...inputs: ReadonlyArray<{
      readonly psbt: Uint8Array
      readonly inputsToSign: ReadonlyArray<{
        readonly account: StandardWalletAccount
        readonly signingIndexes: ReadonlyArray<number>
      }>
      readonly chain?: string
    }>
  ) => Promise<ReadonlyArray<{ readonly signedPsbt: Uint8Array }>>
}
interface EventsFeature {
  readonly on: (
    event: "change",
    listener: (properties: { readonly accounts?: unknown }) => void,
  ) => () => void
}
interface DisconnectFeature {
  readonly disconnect: () => Promise<void>
}

const malformed = (method: string) =>
  new BitcoinRpcError({
    code: BitcoinWalletErrorCode.internalError,
    message: `The wallet's reply to ${method} is malformed`,
  })

const entryOf = (account: StandardWalletAccount, position: number): BitcoinAddressEntry => {
  const addressType = addressTypeOf(account.address)
  const purpose: AddressPurpose =
    account.purpose === "payment" || account.purpose === "ordinals"
      ? account.purpose
      : position === 0
        ? "payment"
        : "ordinals"
  return {
    address: account.address,
    purpose,
    publicKey: hex.encode(account.publicKey),
    addressType,
    walletType: "software",
  }
}

export const makeWalletStandardConnector = (options: {
  readonly wallet: StandardWallet
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> =>
  Effect.sync(() => {
    const { wallet, timeout } = options
    const network = Ref.makeUnsafe<BitcoinNetwork>(options.network ?? "Mainnet")
    const accounts = Ref.makeUnsafe<ReadonlyArray<StandardWalletAccount>>(wallet.accounts)
    const feature = <F>(name: string) =>
      name in wallet.features
        ? Effect.succeed(wallet.features[name] as F)
        : Effect.fail(new BitcoinError({ reason: "methodNotSupportedBySelectedWallet" }))
    const accountFor = (address: string) =>
      Effect.flatMap(Ref.get(accounts), (known) => {
        const account = known.find((candidate) => candidate.address === address)
        return account ? Effect.succeed(account) : Effect.fail(new BitcoinError({ reason: "noAccountFound" }))
      })

    const connector: BitcoinConnector = {
      id: wallet.name,
      name: wallet.name,
      icon: wallet.icon,
      kind: "walletStandard",
      chain: "bip122",
      network: Ref.get(network),
      connect: (connectOptions = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(connectOptions.message))
          if (connectOptions.network !== undefined) yield* connector.switchNetwork(connectOptions.network)
          const connect = yield* feature<ConnectFeature>(BITCOIN_CONNECT)
          const result = yield* walletCall(
            BITCOIN_CONNECT,
            () => connect.connect({ purposes: ["payment", "ordinals"] }),
            timeout,
          )
          const connected = Array.isArray(result?.accounts) ? result.accounts : []
          if (connected.length === 0) return yield* new BitcoinError({ reason: "noAccountFound" })
          yield* Ref.set(accounts, connected)
          return yield* requireAddresses(connected.map(entryOf))
        }),
      disconnect: () =>
        Effect.gen(function* () {
          yield* Ref.set(accounts, [])
          if (!("standard:disconnect" in wallet.features)) return
          const disconnect = yield* feature<DisconnectFeature>("standard:disconnect")
          yield* walletCall("standard:disconnect", () => disconnect.disconnect(), timeout)
        }),
      getAccountAddresses: (params = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(params.message))
          return forPurposes((yield* Ref.get(accounts)).map(entryOf), params.purposes)
        }),
      signMessage: (input) =>
        Effect.gen(function* () {
          const account = yield* accountFor(input.address)
          const signer = yield* feature<SignMessageFeature>("bitcoin:signMessage")
          const [output] = yield* walletCall(
            "bitcoin:signMessage",
            () => signer.signMessage({ account, message: new TextEncoder().encode(input.message) }),
            timeout,
          )
          if (!(output?.signature instanceof Uint8Array)) return yield* malformed("bitcoin:signMessage")
          return {
            address: input.address,
            signature: base64.encode(output.signature),
            protocol: input.protocol ?? defaultSigningProtocol(input.address),
          }
        }),
      signPsbt: (input) =>
        Effect.gen(function* () {
          if (input.broadcast) return yield* new BitcoinError({ reason: "broadcastUnsupported" })
          const psbt = yield* psbtBytes(input.psbt)
          const byAddress = new Map<string, Array<number>>()
          for (const { address, index } of input.signInputs)
            byAddress.set(address, [...(byAddress.get(address) ?? []), index])
          const inputsToSign = yield* Effect.forEach([...byAddress], ([address, signingIndexes]) =>
            Effect.map(accountFor(address), (account) => ({ account, signingIndexes })),
          )
          const signer = yield* feature<SignTransactionFeature>("bitcoin:signTransaction")
          const chain = standardChains[yield* Ref.get(network)]
          const [output] = yield* walletCall(
            "bitcoin:signTransaction",
            () => signer.signTransaction({ psbt, inputsToSign, chain }),
            timeout,
          )
          if (!(output?.signedPsbt instanceof Uint8Array)) return yield* malformed("bitcoin:signTransaction")
          return { psbt: base64.encode(output.signedPsbt) }
        }),
      sendTransfer: () => Effect.fail(new BitcoinError({ reason: "sendTransferUnsupported" })),
      switchNetwork: (target) =>
        wallet.chains.includes(standardChains[target])
          ? Ref.set(network, target)
          : Effect.fail(new BitcoinError({ reason: "networkUnsupportedByWallet" })),
      request: () => Effect.fail(new BitcoinError({ reason: "requestUnsupported" })),
      events: walletEventStream((emit) => {
        const events = wallet.features["standard:events"] as EventsFeature | undefined
        if (typeof events?.on !== "function") return () => {}
        return events.on("change", (properties) => {
          if (!Array.isArray(properties.accounts)) return
          Effect.runSync(Ref.set(accounts, properties.accounts as ReadonlyArray<StandardWalletAccount>))
          emit(properties.accounts.length === 0 ? { _tag: "disconnect" } : { _tag: "accountsChanged" })
        })
      }),
    }
    return connector
  })
