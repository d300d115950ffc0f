import { base64, hex } from "@scure/base"
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
import { walletEventListeners } from "./walletEvents"

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

/** An account this layer can use: a Bitcoin address and its public key's bytes (`entryOf` reads both). */
const isReadableAccount = (account: unknown): account is StandardWalletAccount =>
  typeof account === "object" &&
  account !== null &&
  typeof (account as { address?: unknown }).address === "string" &&
  (account as { publicKey?: unknown }).publicKey instanceof Uint8Array

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
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  const { wallet, timeout } = options
  let network: BitcoinNetwork = options.network ?? "Mainnet"
  let accounts: ReadonlyArray<StandardWalletAccount> = wallet.accounts.filter(isReadableAccount)
  const feature = <F>(name: string): F => {
    if (!(name in wallet.features)) throw new BitcoinError({ reason: "methodNotSupportedBySelectedWallet" })
    return wallet.features[name] as F
  }
  const accountFor = (address: string) => {
    const account = accounts.find((candidate) => candidate.address === address)
    if (account === undefined) throw new BitcoinError({ reason: "noAccountFound" })
    return account
  }

  const connector: BitcoinConnector = {
    id: wallet.name,
    name: wallet.name,
    icon: wallet.icon,
    kind: "walletStandard",
    chain: "bip122",
    network: () => network,
    connect: async (connectOptions = {}) => {
      checkPromptMessage(connectOptions.message)
      if (connectOptions.network !== undefined) await connector.switchNetwork(connectOptions.network)
      const connect = feature<ConnectFeature>(BITCOIN_CONNECT)
      const result = await walletCall(
        BITCOIN_CONNECT,
        () => connect.connect({ purposes: ["payment", "ordinals"] }),
        timeout,
      )
      const connected: ReadonlyArray<unknown> = Array.isArray(result?.accounts) ? result.accounts : []
      if (connected.length === 0) throw new BitcoinError({ reason: "noAccountFound" })
      if (!connected.every(isReadableAccount)) throw malformed(BITCOIN_CONNECT)
      accounts = connected
      return requireAddresses(connected.map(entryOf))
    },
    disconnect: async () => {
      accounts = []
      if (!("standard:disconnect" in wallet.features)) return
      const disconnect = feature<DisconnectFeature>("standard:disconnect")
      await walletCall("standard:disconnect", () => disconnect.disconnect(), timeout)
    },
    getAccountAddresses: async (params = {}) => {
      checkPromptMessage(params.message)
      return forPurposes(accounts.map(entryOf), params.purposes)
    },
    signMessage: async (input) => {
      const account = accountFor(input.address)
      const signer = feature<SignMessageFeature>("bitcoin:signMessage")
      const [output] = await walletCall(
        "bitcoin:signMessage",
        () => signer.signMessage({ account, message: new TextEncoder().encode(input.message) }),
        timeout,
      )
      if (!(output?.signature instanceof Uint8Array)) throw malformed("bitcoin:signMessage")
      return {
        address: input.address,
        signature: base64.encode(output.signature),
        protocol: input.protocol ?? defaultSigningProtocol(input.address),
      }
    },
    signPsbt: async (input) => {
      if (input.broadcast) throw new BitcoinError({ reason: "broadcastUnsupported" })
      const psbt = psbtBytes(input.psbt)
      const byAddress = new Map<string, Array<number>>()
      for (const { address, index } of input.signInputs)
        byAddress.set(address, [...(byAddress.get(address) ?? []), index])
      const inputsToSign = [...byAddress].map(([address, signingIndexes]) => ({
        account: accountFor(address),
        signingIndexes,
      }))
      const signer = feature<SignTransactionFeature>("bitcoin:signTransaction")
      const chain = standardChains[network]
      const [output] = await walletCall(
        "bitcoin:signTransaction",
        () => signer.signTransaction({ psbt, inputsToSign, chain }),
        timeout,
      )
      if (!(output?.signedPsbt instanceof Uint8Array)) throw malformed("bitcoin:signTransaction")
      return { psbt: base64.encode(output.signedPsbt) }
    },
    sendTransfer: async () => {
      throw new BitcoinError({ reason: "sendTransferUnsupported" })
    },
    switchNetwork: async (target) => {
      if (!wallet.chains.includes(standardChains[target]))
        throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      network = target
    },
    request: async () => {
      throw new BitcoinError({ reason: "requestUnsupported" })
    },
    onEvent: walletEventListeners((emit) => {
      const events = wallet.features["standard:events"] as EventsFeature | undefined
      if (typeof events?.on !== "function") return () => {}
      return events.on("change", (properties) => {
        if (!Array.isArray(properties.accounts)) return
        accounts = properties.accounts.filter(isReadableAccount)
        emit(accounts.length === 0 ? { _tag: "disconnect" } : { _tag: "accountsChanged" })
      })
    }),
  }
  return connector
}
