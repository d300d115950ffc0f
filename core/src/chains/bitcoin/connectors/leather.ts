import { hex } from "@scure/base"
import type { BitcoinAddressEntry, BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { readBitcoinAddress } from "../../../validation/address/bitcoinAddress"
import { checkPromptMessage, sendTransferParams, Txid } from "../request/methods"
import { callRequestApi, type RequestApiProvider } from "../request/protocol"
import { arrayOf, decodeResult, nonEmptyString, string, struct } from "../request/replyShape"
import {
  type BitcoinConnector,
  forPurposes,
  psbtBytes,
  psbtFromWalletHex,
  requestThroughConnector,
  requireAddresses,
} from "./BitcoinConnector"
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

const LeatherAddress = struct(
  { address: nonEmptyString },
  { symbol: string, type: string, publicKey: string },
)
const LeatherAddresses = struct({ addresses: arrayOf(LeatherAddress) })
const LeatherSignedPsbt = struct({ hex: string }, { txid: Txid })
const LeatherSignature = struct({ signature: nonEmptyString })
const LeatherTransfer = struct({ txid: Txid })

/** Leather lists BTC addresses by script type (p2wpkh pays, p2tr holds ordinals) and its STX address. */
const leatherKinds = {
  p2wpkh: { purpose: "payment", addressType: "p2wpkh" },
  p2tr: { purpose: "ordinals", addressType: "p2tr" },
  stacks: { purpose: "stacks", addressType: "stacks" },
} as const

export const leatherAddressEntries = (
  addresses: ReadonlyArray<ReturnType<typeof LeatherAddress>>,
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
  /** How long one wallet call may take, in milliseconds. */
  readonly timeout?: number | undefined
}): BitcoinConnector => {
  let network: BitcoinNetwork = options.network ?? "Mainnet"
  let accounts: ReadonlyArray<BitcoinAddressEntry> | undefined
  const call = (method: string, params?: unknown) =>
    callRequestApi(options.provider, method, params, options.timeout)
  const leatherNetwork = () => {
    const name = leatherNetworks[network]
    if (name === undefined) throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
    return name
  }

  const addresses = async () => {
    if (accounts !== undefined) return accounts
    const result = decodeResult("getAddresses", LeatherAddresses)(await call("getAddresses"))
    const entries = leatherAddressEntries(result.addresses)
    accounts = entries
    return entries
  }

  const connector: BitcoinConnector = {
    id: options.wallet.id,
    name: options.wallet.name,
    icon: options.wallet.icon,
    kind: "leather",
    chain: "bip122",
    network: () => network,
    connect: async (connectOptions = {}) => {
      checkPromptMessage(connectOptions.message)
      if (connectOptions.network !== undefined) await connector.switchNetwork(connectOptions.network)
      return requireAddresses(await addresses())
    },
    disconnect: async () => {
      accounts = undefined
    },
    getAccountAddresses: async (params = {}) => {
      checkPromptMessage(params.message)
      return forPurposes(await addresses(), params.purposes)
    },
    signMessage: async (input) => {
      const decoded = readBitcoinAddress(input.address)
      const paymentType = typeof decoded !== "string" && decoded.type === "p2tr" ? "p2tr" : "p2wpkh"
      const reply = await call("signMessage", {
        message: input.message,
        paymentType,
        network: leatherNetwork(),
      })
      const result = decodeResult("signMessage", LeatherSignature)(reply)
      // Leather signs every message with BIP-322.
      return { address: input.address, signature: result.signature, protocol: "bip322" }
    },
    signPsbt: async (input) => {
      const signAtIndex = [...new Set(input.signInputs.map((signInput) => signInput.index))].sort(
        (a, b) => a - b,
      )
      const sighashTypes = input.signInputs.flatMap((signInput) => signInput.sighashTypes ?? [])
      const reply = await call("signPsbt", {
        hex: hex.encode(psbtBytes(input.psbt)),
        network: leatherNetwork(),
        broadcast: input.broadcast ?? false,
        signAtIndex,
        ...(sighashTypes.length > 0 ? { allowedSighash: [...new Set(sighashTypes)] } : {}),
      })
      const result = decodeResult("signPsbt", LeatherSignedPsbt)(reply)
      return {
        psbt: psbtFromWalletHex("signPsbt", result.hex),
        ...(result.txid !== undefined ? { txid: result.txid } : {}),
      }
    },
    sendTransfer: async (recipients) => {
      const checked = sendTransferParams(recipients, network)
      const reply = await call("sendTransfer", {
        recipients: checked.recipients.map(({ address, amount }) => ({ address, amount: String(amount) })),
        network: leatherNetwork(),
      })
      return decodeResult("sendTransfer", LeatherTransfer)(reply).txid
    },
    switchNetwork: async (target) => {
      if (leatherNetworks[target] === undefined)
        throw new BitcoinError({ reason: "networkUnsupportedByWallet" })
      network = target
    },
    request: (method, params) => requestThroughConnector(connector, method, params),
    // Leather emits no events.
    onEvent: () => () => {},
  }
  return connector
}
