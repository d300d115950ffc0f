import { namespaceOf, WalletRequestTimeout } from "@appkit/core"
import { Effect } from "effect"
import type { ApiOptions } from "./api-options"
import { resolveApiSettings } from "./api-settings"
import { type BtcNetwork, resolveBtcNetwork } from "./btcNetwork"
import { isBitcoinRpcError } from "./coreErrors"
import { readDuration } from "./duration"
import { setting } from "./endpoints"
import { withinBudget } from "./giveUp"
import { CliError, describeError, errorCode, invalidInput } from "./output"
import { requestExpired } from "./requestExpired"

/** A wallet's refusal keeps its code in the line ("User rejected (code -32000)"), as the EVM commands do. */
export const describeBitcoinFailure = (error: unknown): string =>
  isBitcoinRpcError(error) ? `${describeError(error)} (code ${error.code})` : describeError(error)

/**
 * Who signs for the `btc` commands, and on which network. The signer is, in this order: a key given with
 * --private-key or APPKIT_BTC_PRIVATE_KEY (hex or WIF); the stored WalletConnect session when it has a
 * bip122 account; else the dev wallet's key, which the local regtest ledger funds. Bitcoin keys have
 * their own variable so an EVM key in APPKIT_PRIVATE_KEY is never used on Bitcoin.
 */
export interface BtcSignerOptions extends ApiOptions {
  readonly privateKey?: string | undefined
  readonly network?: string | undefined
}

export interface BtcSigner {
  readonly source: "key" | "dev-key" | "walletconnect"
  readonly network: BtcNetwork
  /** The payment address first, then the ordinals address when the wallet has one. */
  readonly addresses: ReadonlyArray<string>
  readonly signMessage: (
    address: string,
    message: string,
    protocol: "ecdsa" | "bip322" | undefined,
  ) => Promise<{ signature: string; protocol: "ecdsa" | "bip322" }>
  readonly signPsbt: (params: {
    readonly psbt: string
    readonly signInputs: Readonly<Record<string, ReadonlyArray<number>>>
    readonly broadcast: boolean
  }) => Promise<{ psbt: string; txid?: string | undefined }>
  readonly sendTransfer: (to: string, satoshis: bigint) => Promise<{ txid: string; fee?: bigint | undefined }>
  readonly close: () => Promise<void>
}

/** The key given, and where from (named in the refusal of a malformed one). */
interface GivenKey {
  readonly key: string
  readonly from: "--private-key" | "APPKIT_BTC_PRIVATE_KEY"
}

const keyFrom = (options: BtcSignerOptions, env: NodeJS.ProcessEnv): GivenKey | undefined => {
  if (options.privateKey !== undefined) return { key: options.privateKey, from: "--private-key" }
  const fromEnv = setting(env.APPKIT_BTC_PRIVATE_KEY)
  return fromEnv === undefined ? undefined : { key: fromEnv, from: "APPKIT_BTC_PRIVATE_KEY" }
}

const keySigner = async (
  given: GivenKey | undefined,
  network: BtcNetwork,
  explorerUrl: string,
): Promise<BtcSigner> => {
  const { createDevBitcoinWallet, parseBitcoinPrivateKey } = await import("@appkit/fixtures")
  let parsed: Uint8Array | undefined
  try {
    parsed = given === undefined ? undefined : parseBitcoinPrivateKey(given.key)
  } catch (error) {
    // A malformed key is an argument refused before anything is signed: exit 1, as the EVM commands.
    throw invalidInput(`${given?.from}: ${(error as Error).message}`)
  }
  const wallet = createDevBitcoinWallet({
    network,
    esploraUrl: explorerUrl,
    paymentKey: parsed,
    ordinalsKey: parsed,
  })
  return {
    source: given === undefined ? "dev-key" : "key",
    network,
    addresses: wallet.accounts().map((account) => account.address),
    signMessage: async (address, message, protocol) => {
      try {
        const signed = wallet.signMessage(address, message, protocol === "ecdsa" ? "ECDSA" : "BIP322")
        return { signature: signed.signature, protocol: signed.protocol === "ECDSA" ? "ecdsa" : "bip322" }
      } catch (error) {
        throw new CliError((error as Error).message)
      }
    },
    signPsbt: async (params) => wallet.signPsbt(params),
    sendTransfer: (to, satoshis) => wallet.sendTransfer([{ address: to, amount: satoshis }]),
    close: async () => {},
  }
}

/**
 * The stored WalletConnect session's Bitcoin side, when it approved a bip122 account (checked with the relay
 * first). --timeout (`requestTimeoutMs`) is one budget for the relay check and every request to the wallet.
 */
const walletConnectSigner = async (
  network: BtcNetwork,
  requestTimeoutMs: number | undefined,
): Promise<BtcSigner | undefined> => {
  const [{ clearConnection, readConnection }, { checkStoredSession, sessionNotStored }] = await Promise.all([
    import("./session"),
    import("./walletSession"),
  ])
  const stored = readConnection()
  if (
    stored?.kind !== "walletconnect" ||
    !stored.accounts.some((account) => namespaceOf(account) === "bip122")
  )
    return undefined
  const bitcoin = await import("@appkit/core/bitcoin")
  const checked = await checkStoredSession(stored, { requestTimeoutMs })
  if (checked.state === "ended" && !checked.endedByWallet) throw sessionNotStored(stored)
  if (checked.state === "ended")
    throw new CliError("The stored WalletConnect session has ended: run `appkit-cli connect` again")
  const { connector, close } = checked.opened
  const walletName = checked.stored.walletName ?? "The wallet"
  const recheck = requestExpired(connector, checked.budget, walletName, () => clearConnection())
  /**
   * One request to the wallet within the budget. `broadcast`: the request, approved late, still sends the
   * transaction (a sendTransfer always does).
   */
  const run = <A>(method: string, request: () => Promise<A>, broadcast = false) =>
    Effect.runPromise(
      Effect.tryPromise({ try: request, catch: (error) => error }).pipe(
        withinBudget(checked.budget, (ms) => new WalletRequestTimeout({ walletName, method, timeoutMs: ms })),
        Effect.catch((error) =>
          error instanceof WalletRequestTimeout
            ? Effect.flatMap(recheck(error, broadcast), Effect.fail)
            : Effect.fail(new CliError(describeBitcoinFailure(error), { code: errorCode(error) })),
        ),
      ),
    )
  try {
    const bitcoinConnector = bitcoin.makeWalletConnectBitcoinConnector({
      connector: { ...connector, session: connector.session },
      activeNetwork: () => network,
      name: checked.stored.walletName,
    })
    const addresses = (await run("getAccountAddresses", () => bitcoinConnector.getAccountAddresses())).map(
      (entry) => entry.address,
    )
    return {
      source: "walletconnect",
      network,
      addresses,
      signMessage: async (address, message, protocol) => {
        const signed = await run("signMessage", () =>
          bitcoinConnector.signMessage({ address, message, protocol }),
        )
        return { signature: signed.signature, protocol: signed.protocol }
      },
      signPsbt: async ({ psbt, signInputs, broadcast }) =>
        run(
          "signPsbt",
          () =>
            bitcoinConnector.signPsbt({
              psbt,
              broadcast,
              signInputs: Object.entries(signInputs).flatMap(([address, indexes]) =>
                indexes.map((index) => ({ address, index })),
              ),
            }),
          broadcast,
        ),
      sendTransfer: async (to, satoshis) => ({
        txid: await run("sendTransfer", () =>
          bitcoinConnector.sendTransfer([{ recipient: to, amount: satoshis.toString() }]),
        ),
      }),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

export const openBtcSigner = async (
  options: BtcSignerOptions,
  fallbackNetwork: BtcNetwork,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BtcSigner> => {
  const network = resolveBtcNetwork(options.network, fallbackNetwork)
  const key = keyFrom(options, env)
  if (key === undefined) {
    const paired = await walletConnectSigner(
      network,
      options.timeout === undefined ? undefined : readDuration(options.timeout),
    )
    if (paired) return paired
  }
  return keySigner(key, network, resolveApiSettings(options, env).apiUrl)
}
