import { hex } from "@scure/base"
import { type Duration, Effect, Option, Ref, Schema } from "effect"
import type { BitcoinAddressEntry, BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { decodeBitcoinAddress } from "../../../validation/address/bitcoin"
import { checkPromptMessage, sendTransferParams } from "../request/methods"
import { callRequestApi, decodeResult, type RequestApiProvider } from "../request/protocol"
import {
  type BitcoinConnector,
  forPurposes,
  psbtBytes,
  psbtFromWalletHex,
  requestThroughConnector,
  requireAddresses,
} from "./BitcoinConnector"
import { walletEventStream } from "./walletEvents"
import type { RequestApiWallet } from "./xverse"

/**
 * Leather (`window.LeatherProvider`): its own RPC shapes (hex PSBTs, `signAtIndex`, string amounts), and
 * only mainnet or testnet. It has no connect or disconnect, so addresses are asked for once and kept.
 * Every requested input is signed — AppKit passed only the first input's index, leaving the rest unsigned.
 */
const leatherNetworks: Readonly<Partial<Record<BitcoinNetwork, "mainnet" | "testnet">>> = {
  Mainnet: "mainnet",
  Testnet: "testnet",
  Testnet4: "testnet",
}

const LeatherAddress = Schema.Struct({
  symbol: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.String),
  address: Schema.NonEmptyString,
  publicKey: Schema.optionalKey(Schema.String),
})
const LeatherAddresses = Schema.Struct({ addresses: Schema.Array(LeatherAddress) })
const LeatherSignedPsbt = Schema.Struct({ hex: Schema.String, txid: Schema.optionalKey(Schema.String) })
const LeatherSignature = Schema.Struct({ signature: Schema.NonEmptyString })
const LeatherTransfer = Schema.Struct({ txid: Schema.String })

/** Leather lists BTC addresses by script type (p2wpkh pays, p2tr holds ordinals) and its STX address. */
const leatherKinds = {
  p2wpkh: { purpose: "payment", addressType: "p2wpkh" },
  p2tr: { purpose: "ordinals", addressType: "p2tr" },
  stacks: { purpose: "stacks", addressType: "stacks" },
} as const

export const leatherAddressEntries = (
  addresses: ReadonlyArray<typeof LeatherAddress.Type>,
): ReadonlyArray<BitcoinAddressEntry> =>
  addresses.flatMap((entry): Array<BitcoinAddressEntry> => {
    const kind =
      entry.symbol === "STX"
        ? leatherKinds.stacks
        : entry.type === "p2wpkh" || entry.type === "p2tr"
          ? leatherKinds[entry.type]
          : undefined
    return kind === undefined
      ? []
      : [{ address: entry.address, ...kind, publicKey: entry.publicKey ?? "", walletType: "software" }]
  })

export const makeLeatherConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly provider: RequestApiProvider
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> =>
  Effect.sync(() => {
    const network = Ref.makeUnsafe<BitcoinNetwork>(options.network ?? "Mainnet")
    const accounts = Ref.makeUnsafe(Option.none<ReadonlyArray<BitcoinAddressEntry>>())
    const call = (method: string, params?: unknown) =>
      callRequestApi(options.provider, method, params, options.timeout)
    const leatherNetwork = Effect.flatMap(Ref.get(network), (current) => {
      const name = leatherNetworks[current]
      return name === undefined
        ? Effect.fail(new BitcoinError({ reason: "networkUnsupportedByWallet" }))
        : Effect.succeed(name)
    })

    const addresses = Effect.gen(function* () {
      const cached = yield* Ref.get(accounts)
      if (Option.isSome(cached)) return cached.value
      const result = yield* call("getAddresses").pipe(
        Effect.flatMap(decodeResult("getAddresses", LeatherAddresses)),
      )
      const entries = leatherAddressEntries(result.addresses)
      yield* Ref.set(accounts, Option.some(entries))
      return entries
    })

    const connector: BitcoinConnector = {
      id: options.wallet.id,
      name: options.wallet.name,
      icon: options.wallet.icon,
      kind: "leather",
      chain: "bip122",
      network: Ref.get(network),
      connect: (connectOptions = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(connectOptions.message))
          if (connectOptions.network !== undefined) yield* connector.switchNetwork(connectOptions.network)
          return yield* requireAddresses(yield* addresses)
        }),
      disconnect: () => Ref.set(accounts, Option.none()),
      getAccountAddresses: (params = {}) =>
        Effect.gen(function* () {
          yield* Effect.fromResult(checkPromptMessage(params.message))
          return forPurposes(yield* addresses, params.purposes)
        }),
      signMessage: (input) =>
        Effect.gen(function* () {
          const decoded = decodeBitcoinAddress(input.address)
          const paymentType =
            decoded._tag === "Success" && decoded.success.type === "p2tr" ? "p2tr" : "p2wpkh"
          const result = yield* call("signMessage", {
            message: input.message,
            paymentType,
            network: yield* leatherNetwork,
          }).pipe(Effect.flatMap(decodeResult("signMessage", LeatherSignature)))
          // Leather signs every message with BIP-322.
          return { address: input.address, signature: result.signature, protocol: "bip322" as const }
        }),
      signPsbt: (input) =>
        Effect.gen(function* () {
          const signAtIndex = [...new Set(input.signInputs.map((signInput) => signInput.index))].sort(
            (a, b) => a - b,
          )
          const sighashTypes = input.signInputs.flatMap((signInput) => signInput.sighashTypes ?? [])
          const result = yield* call("signPsbt", {
            hex: hex.encode(yield* psbtBytes(input.psbt)),
            network: yield* leatherNetwork,
            broadcast: input.broadcast ?? false,
            signAtIndex,
            ...(sighashTypes.length > 0 ? { allowedSighash: [...new Set(sighashTypes)] } : {}),
          }).pipe(Effect.flatMap(decodeResult("signPsbt", LeatherSignedPsbt)))
          return {
            psbt: yield* psbtFromWalletHex("signPsbt", result.hex),
            ...(result.txid !== undefined ? { txid: result.txid } : {}),
          }
        }),
      sendTransfer: (recipients) =>
        Effect.gen(function* () {
          const checked = yield* Effect.fromResult(sendTransferParams(recipients, yield* Ref.get(network)))
          const result = yield* call("sendTransfer", {
            recipients: checked.recipients.map(({ address, amount }) => ({
              address,
              amount: String(amount),
            })),
            network: yield* leatherNetwork,
          }).pipe(Effect.flatMap(decodeResult("sendTransfer", LeatherTransfer)))
          return result.txid
        }),
      switchNetwork: (target) =>
        leatherNetworks[target] === undefined
          ? Effect.fail(new BitcoinError({ reason: "networkUnsupportedByWallet" }))
          : Ref.set(network, target),
      request: (method, params) => requestThroughConnector(connector, method, params),
      events: walletEventStream(() => () => {}),
    }
    return connector
  })
