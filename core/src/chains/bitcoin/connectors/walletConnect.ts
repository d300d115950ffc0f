import { base64, hex } from "@scure/base"
import { Effect, Fiber, Option, Stream } from "effect"
import type { Connector, ConnectorEvent } from "../../../connectors/Connector"
import type { AddressPurpose, BitcoinAddressEntry, BitcoinNetwork } from "../../../domain/bitcoin"
import {
  addressOfAccount,
  type CaipAccountId,
  type CaipNetworkId,
  networkOfAccount,
} from "../../../domain/caip"
import { BitcoinError, BitcoinMethodNotSupportedError } from "../../../errors/bitcoin"
import { bitcoinChainIds, bitcoinNetworkOfChainId } from "../networks"
import {
  checkPromptMessage,
  checkRecipient,
  defaultSigningProtocol,
  SendTransferResult,
  SignPsbtResult,
  satoshiNumber,
} from "../request/methods"
import {
  arrayOf,
  decodeResult,
  type Guard,
  nonEmptyString,
  string,
  struct,
  unknownValue,
} from "../request/replyShape"
import { toBitcoinRpcError, withinWalletTimeout } from "../request/walletCall"
import {
  addressTypeOf,
  type BitcoinConnector,
  type BitcoinWalletEvent,
  forPurposes,
  psbtBytes,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventListeners } from "./walletEvents"

/**
 * A WalletConnect wallet's bip122 session, reached through the WalletConnect connector's `request`. The
 * pairing session methods are signMessage, sendTransfer, getAccountAddresses and signPsbt; one the wallet
 * did not approve is 'Method {method} is not supported'. Requests go to the dApp's active Bitcoin network.
 * The WalletConnect connector is Effect's (this module is not on the browser-wallet connect path); what it
 * gives here is the same Promise BitcoinConnector as every other Bitcoin wallet.
 */
export interface WalletConnectBitcoinSession {
  readonly accounts: ReadonlyArray<CaipAccountId>
  readonly chainId: CaipNetworkId
  readonly methods?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

export interface WalletConnectBitcoinOptions {
  readonly connector: Pick<Connector, "request" | "switchChain" | "disconnect" | "events"> & {
    readonly session: Effect.Effect<Option.Option<WalletConnectBitcoinSession>>
  }
  /** The dApp's active Bitcoin network; none is 'Chain not found'. */
  readonly activeNetwork: () => BitcoinNetwork | undefined
  readonly name?: string | undefined
  readonly icon?: string | undefined
  /** How long one wallet request may take, in milliseconds. */
  readonly timeout?: number | undefined
}

const AccountObject = struct(
  { address: nonEmptyString },
  { publicKey: unknownValue, path: string, intention: string },
)
const AccountAddress: Guard<string | ReturnType<typeof AccountObject>> = (value, path) =>
  typeof value === "string" ? value : AccountObject(value, path)
const AccountAddresses = arrayOf(AccountAddress)
const SignedMessage = struct({ signature: nonEmptyString }, { address: string })

/** Runs one of the WalletConnect connector's effects; its failure rejects as a BitcoinRpcError. */
const runEffect = <A, E>(effect: Effect.Effect<A, E>, signal?: AbortSignal): Promise<A> =>
  Effect.runPromise(Effect.result(effect), signal === undefined ? undefined : { signal }).then((result) =>
    result._tag === "Success" ? result.success : Promise.reject(toBitcoinRpcError(result.failure)),
  )

/** WalletConnect wallets answer signatures in hex; the layer speaks base64 like every other wallet. */
const signatureAsBase64 = (signature: string) =>
  /^([0-9a-f]{2})+$/i.test(signature) ? base64.encode(hex.decode(signature)) : signature

const publicKeyText = (key: unknown): string =>
  typeof key === "string" ? key : key instanceof Uint8Array ? hex.encode(key) : ""

const intentions = (purposes: ReadonlyArray<AddressPurpose> | undefined) =>
  (purposes ?? ["payment", "ordinals"]).flatMap((purpose) =>
    purpose === "payment" ? ["payment"] : purpose === "ordinals" ? ["ordinal"] : [],
  )

/** A WalletConnect connector event as a Bitcoin wallet event, or nothing for other chains' changes. */
const bitcoinEventOf = (event: ConnectorEvent): BitcoinWalletEvent | undefined => {
  if (event._tag === "disconnect") return { _tag: "disconnect" }
  if (event._tag === "accountsChanged") return { _tag: "accountsChanged" }
  const network = event._tag === "chainChanged" ? bitcoinNetworkOfChainId(event.chainId) : undefined
  return network === undefined ? undefined : { _tag: "networkChanged", network }
}

export const makeWalletConnectBitcoinConnector = (options: WalletConnectBitcoinOptions): BitcoinConnector => {
  const { connector: walletConnect, timeout } = options

  const chain = () => {
    const network = options.activeNetwork()
    if (network === undefined) throw new BitcoinError({ reason: "chainNotFound" })
    return bitcoinChainIds[network]
  }

  const session = async () => {
    const current = await runEffect(walletConnect.session)
    if (Option.isNone(current)) throw new BitcoinError({ reason: "accountNotFound" })
    return current.value
  }

  /** The session's address on the active chain ('Account not found' / 'Address not found'). */
  const account = async () => {
    const chainId = chain()
    const { accounts } = await session()
    const caip10 = accounts.find((candidate) => networkOfAccount(candidate) === chainId)
    if (caip10 === undefined) throw new BitcoinError({ reason: "accountNotFound" })
    const address = addressOfAccount(caip10)
    if (!address) throw new BitcoinError({ reason: "addressNotFound" })
    return address
  }

  /** One bip122 request, bounded; past the bound the WalletConnect request is interrupted. */
  const call = async (method: string, params: unknown): Promise<unknown> => {
    const chainId = chain()
    const current = await session()
    const approved = current.methods?.bip122
    if (approved !== undefined && !approved.includes(method))
      throw new BitcoinMethodNotSupportedError({ method })
    if (current.chainId !== chainId) await runEffect(walletConnect.switchChain(chainId))
    const abandon = new AbortController()
    const result = await withinWalletTimeout(
      method,
      runEffect(walletConnect.request({ method, params }), abandon.signal),
      timeout,
    ).catch((error: unknown) => {
      abandon.abort()
      throw error
    })
    if (result === null || result === undefined) throw new BitcoinError({ reason: "noResponse" })
    return result
  }

  const getAccountAddresses: BitcoinConnector["getAccountAddresses"] = async (params = {}) => {
    checkPromptMessage(params.message)
    const address = await account()
    const listed = decodeResult(
      "getAccountAddresses",
      AccountAddresses,
    )(await call("getAccountAddresses", { account: address, intentions: intentions(params.purposes) }))
    const entries = listed.map((entry): BitcoinAddressEntry => {
      const value = typeof entry === "string" ? { address: entry } : entry
      const purpose: AddressPurpose =
        "intention" in value && value.intention === "ordinal" ? "ordinals" : "payment"
      return {
        address: value.address,
        purpose,
        publicKey: publicKeyText("publicKey" in value ? value.publicKey : undefined),
        addressType: addressTypeOf(value.address),
        walletType: "software",
      }
    })
    return forPurposes(entries, params.purposes)
  }

  const connector: BitcoinConnector = {
    id: "walletConnect",
    name: options.name ?? "WalletConnect",
    icon: options.icon ?? "",
    kind: "walletConnect",
    chain: "bip122",
    network: () => options.activeNetwork() ?? "Mainnet",
    connect: async (connectOptions = {}) => {
      if (connectOptions.network !== undefined) await connector.switchNetwork(connectOptions.network)
      return requireAddresses(await getAccountAddresses({ message: connectOptions.message }))
    },
    disconnect: () => runEffect(walletConnect.disconnect()),
    getAccountAddresses,
    signMessage: async (input) => {
      const address = await account()
      const protocol = input.protocol ?? defaultSigningProtocol(input.address)
      const result = decodeResult(
        "signMessage",
        SignedMessage,
      )(
        await call("signMessage", {
          message: input.message,
          account: address,
          address: input.address,
          protocol,
        }),
      )
      return { address: input.address, signature: signatureAsBase64(result.signature), protocol }
    },
    signPsbt: async (input) => {
      psbtBytes(input.psbt)
      const reply = await call("signPsbt", {
        account: await account(),
        psbt: input.psbt,
        signInputs: input.signInputs,
        broadcast: input.broadcast ?? false,
      })
      return decodeResult("signPsbt", SignPsbtResult)(reply)
    },
    sendTransfer: async (recipients) => {
      if (recipients.length > 1) throw new BitcoinError({ reason: "singleRecipientOnly" })
      const [recipient] = recipients
      if (recipient === undefined) throw new BitcoinError({ reason: "invalidAmount" })
      checkRecipient(recipient.recipient, options.activeNetwork())
      const amount = satoshiNumber(recipient.amount)
      const reply = await call("sendTransfer", {
        account: await account(),
        recipientAddress: recipient.recipient,
        amount: String(amount),
      })
      return decodeResult("sendTransfer", SendTransferResult)(reply).txid
    },
    switchNetwork: async (target) => {
      const chainId = bitcoinChainIds[target]
      const { accounts } = await session()
      if (!accounts.some((candidate) => networkOfAccount(candidate) === chainId))
        throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      await runEffect(walletConnect.switchChain(chainId))
    },
    request: call,
    onEvent: walletEventListeners((emit) => {
      const fiber = Effect.runFork(
        Stream.runForEach(walletConnect.events, (event) =>
          Effect.sync(() => {
            const translated = bitcoinEventOf(event)
            if (translated !== undefined) emit(translated)
          }),
        ),
      )
      return () => void Effect.runFork(Fiber.interrupt(fiber))
    }),
  }
  return connector
}
