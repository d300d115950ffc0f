import { createDecipheriv, pbkdf2Sync, scryptSync, timingSafeEqual } from "node:crypto"
import { readFile } from "node:fs/promises"
import type { CaipNetworkId } from "@appkit/core"
import { type EvmClient, evmProviderClient } from "@appkit/core/evm"
import { Effect } from "effect"
import { bytesToHex, concatBytes, hexToBytes, keccak256 } from "viem"
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts"
import { giveUpWaiting } from "./giveUp"
import { CliError, invalidInput, warn } from "./output"
import { processTerminal, type Terminal } from "./prompt"
import { readConnection } from "./session"

/**
 * The local signer of `send` and `sign`, for scripts: a raw key (--private-key or APPKIT_PRIVATE_KEY) or an
 * Ethereum v3 keystore (--keystore FILE, password in APPKIT_KEYSTORE_PASSWORD or asked on a terminal).
 * Without one the commands use the stored WalletConnect session instead (openCommandSigner).
 */
export interface SignerOptions {
  readonly privateKey?: string | undefined
  readonly keystore?: string | undefined
}

const privateKeyPattern = /^(0x)?[0-9a-fA-F]{64}$/

/** A raw private key as every command reads one: 64 hex characters, 0x optional; `source` names it. */
export const readPrivateKey = (key: string, source: string): `0x${string}` => {
  if (!privateKeyPattern.test(key)) throw invalidInput(`${source} is not a 32-byte hex private key`)
  return `0x${key.replace(/^0x/, "")}`
}

const accountFromKey = (key: string, source: string): PrivateKeyAccount => {
  const hex = readPrivateKey(key, source)
  try {
    return privateKeyToAccount(hex)
  } catch {
    throw invalidInput(`${source} is not a valid secp256k1 private key`)
  }
}

interface KeystoreV3 {
  readonly version: number
  readonly crypto: {
    readonly cipher: string
    readonly ciphertext: string
    readonly cipherparams: { readonly iv: string }
    readonly kdf: string
    readonly kdfparams: Record<string, unknown>
    readonly mac: string
  }
}

const hexParam = (value: unknown, name: string): Uint8Array => {
  if (typeof value !== "string" || !/^(0x)?([0-9a-fA-F]{2})+$/.test(value)) {
    throw new CliError(`Keystore: ${name} is not hex`)
  }
  return hexToBytes(`0x${value.replace(/^0x/, "")}`)
}

const intParam = (value: unknown, name: string): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new CliError(`Keystore: ${name} is not a positive integer`)
  }
  return value
}

/**
 * Bounds on the key derivation a keystore may ask for. Wallets write scrypt n=2^18 (geth "standard") or
 * pbkdf2 c=262144; a file asking for far more is hostile or broken, and would hold the command for hours
 * (pbkdf2) or exhaust memory (scrypt): it is refused at once instead.
 */
const maxScryptMemory = 1024 ** 3
const maxScryptParallelism = 16
const maxPbkdf2Iterations = 10_000_000

/** The key-derivation step of Web3 Secret Storage v3 (scrypt or PBKDF2-HMAC-SHA256). */
const deriveKey = (password: string, crypto: KeystoreV3["crypto"]): Uint8Array => {
  const params = crypto.kdfparams
  const salt = hexParam(params.salt, "kdfparams.salt")
  const dklen = intParam(params.dklen, "kdfparams.dklen")
  if (crypto.kdf === "scrypt") {
    const N = intParam(params.n, "kdfparams.n")
    const r = intParam(params.r, "kdfparams.r")
    const p = intParam(params.p, "kdfparams.p")
    if (128 * N * r > maxScryptMemory || p > maxScryptParallelism)
      throw new CliError(
        `Keystore: scrypt with n=${N}, r=${r}, p=${p} needs more than 1 GiB of memory; no wallet writes such a keystore`,
      )
    try {
      return scryptSync(password, salt, dklen, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 })
    } catch (error) {
      // Parameters beyond what this machine can hold (a hostile or mistyped file) fail inside OpenSSL.
      throw new CliError(`Keystore: scrypt with n=${N}, r=${r}, p=${p} failed: ${(error as Error).message}`)
    }
  }
  if (crypto.kdf === "pbkdf2" && params.prf === "hmac-sha256") {
    const c = intParam(params.c, "kdfparams.c")
    if (c > maxPbkdf2Iterations)
      throw new CliError(
        `Keystore: pbkdf2 with c=${c} iterations is beyond what any wallet writes (at most ${maxPbkdf2Iterations})`,
      )
    return pbkdf2Sync(password, salt, c, dklen, "sha256")
  }
  throw new CliError(`Keystore: unsupported key derivation ${crypto.kdf}`)
}

/** Decrypts a v3 keystore; a wrong password shows up as a MAC mismatch, never as a wrong key. */
export const decryptKeystore = (json: string, password: string): `0x${string}` => {
  let keystore: KeystoreV3
  try {
    keystore = JSON.parse(json) as KeystoreV3
  } catch {
    throw new CliError("Keystore: not a JSON file")
  }
  const crypto = keystore?.crypto ?? (keystore as unknown as { Crypto?: KeystoreV3["crypto"] })?.Crypto
  if (keystore?.version !== 3 || typeof crypto !== "object" || crypto === null) {
    throw new CliError("Keystore: only version 3 keystores are supported")
  }
  if (crypto.cipher !== "aes-128-ctr") throw new CliError(`Keystore: unsupported cipher ${crypto.cipher}`)
  const derived = deriveKey(password, crypto)
  if (derived.length < 32) throw new CliError("Keystore: kdfparams.dklen must be at least 32")
  const ciphertext = hexParam(crypto.ciphertext, "ciphertext")
  const mac = hexToBytes(keccak256(concatBytes([derived.subarray(16, 32), ciphertext])))
  const expected = hexParam(crypto.mac, "mac")
  if (expected.length !== mac.length || !timingSafeEqual(mac, expected)) {
    throw new CliError("Keystore: wrong password (MAC mismatch)")
  }
  const decipher = createDecipheriv(
    "aes-128-ctr",
    derived.subarray(0, 16),
    hexParam(crypto.cipherparams?.iv, "iv"),
  )
  return bytesToHex(concatBytes([decipher.update(ciphertext), decipher.final()]))
}

/** A key given as --private-key is in the process list for every user of the machine to read. */
export const warnKeyOnCommandLine = (): void =>
  warn(
    "PrivateKeyOnCommandLine",
    "--private-key is visible to every user of this machine (`ps`); prefer APPKIT_PRIVATE_KEY or --keystore",
  )

/** How long a password prompt waits for the user: a command left at one does not hang forever. */
const passwordWaitMs = 5 * 60_000

/**
 * The keystore's password: APPKIT_KEYSTORE_PASSWORD, else asked (hidden, bounded) on a terminal. `named` is how
 * the messages name the keystore ("--keystore", "The connected keystore FILE").
 */
const keystorePassword = async (
  file: string,
  named: string,
  env: NodeJS.ProcessEnv,
  terminal: Terminal,
): Promise<string> => {
  const fromEnv = env.APPKIT_KEYSTORE_PASSWORD
  if (fromEnv !== undefined) return fromEnv
  if (!terminal.interactive)
    throw new CliError(
      `${named} needs its password: set APPKIT_KEYSTORE_PASSWORD, or run on a terminal to be asked`,
    )
  return Effect.runPromise(
    giveUpWaiting(passwordWaitMs, "No password given", (signal) =>
      terminal.askHidden(`Password for ${file}: `, "No password given", signal),
    ),
  )
}

/** The account of the v3 keystore in `file`; its failures (unreadable, wrong password) name the file. */
const keystoreAccount = async (
  file: string,
  named: string,
  env: NodeJS.ProcessEnv,
  terminal: Terminal,
): Promise<PrivateKeyAccount> => {
  let json: string
  try {
    json = await readFile(file, "utf8")
  } catch (error) {
    throw new CliError(`Cannot read keystore ${file}: ${(error as Error).message}`)
  }
  const password = await keystorePassword(file, named, env, terminal)
  let key: `0x${string}`
  try {
    key = decryptKeystore(json, password)
  } catch (error) {
    throw error instanceof CliError && error.message.startsWith("Keystore: ")
      ? new CliError(`Keystore ${file}: ${error.message.slice("Keystore: ".length)}`, { code: error.code })
      : error
  }
  return accountFromKey(key, "The keystore's key")
}

/** The local account the options name, or undefined when none was given (then a WalletConnect session signs). */
export const loadLocalSigner = async (
  options: SignerOptions,
  env: NodeJS.ProcessEnv = process.env,
  terminal: Terminal = processTerminal,
): Promise<PrivateKeyAccount | undefined> => {
  if (options.privateKey !== undefined && options.keystore !== undefined)
    throw new CliError("Give either --private-key or --keystore, not both", { code: "UsageError" })
  if (options.privateKey !== undefined) {
    warnKeyOnCommandLine()
    return accountFromKey(options.privateKey, "--private-key")
  }
  if (options.keystore !== undefined) return keystoreAccount(options.keystore, "--keystore", env, terminal)
  const fromEnv = env.APPKIT_PRIVATE_KEY
  if (fromEnv !== undefined && fromEnv !== "") return accountFromKey(fromEnv, "APPKIT_PRIVATE_KEY")
  return undefined
}

/**
 * The keystore `connect --keystore` stored the path of (never its key nor its password), when that is the
 * stored connection: it signs again, and must still hold the account that was connected.
 */
const storedKeystoreSigner = async (
  env: NodeJS.ProcessEnv,
  terminal: Terminal,
): Promise<PrivateKeyAccount | undefined> => {
  const stored = readConnection(env)
  if (stored?.kind !== "keystore" || stored.keystoreFile === undefined) return undefined
  const file = stored.keystoreFile
  const account = await keystoreAccount(file, `The connected keystore ${file}`, env, terminal)
  if (account.address.toLowerCase() !== stored.address.toLowerCase())
    throw new CliError(
      `The keystore ${file} now holds ${account.address}, not the connected ${stored.address}: run \`appkit-cli connect --keystore\` again`,
      { code: "NotConnected" },
    )
  return account
}

/** A local account signs in process and never sends its requests anywhere; this client says so if asked. */
export const offlineClient = evmProviderClient({
  request: async () => {
    throw new CliError("a local signature needs no node")
  },
})

/** Who signs a command's requests, and the client that reaches them. */
export interface CommandSigner {
  /** A local account (signs in process) or the address of the connected wallet. */
  readonly signer: PrivateKeyAccount | `0x${string}`
  readonly address: `0x${string}`
  /** The connected wallet's chain (CAIP-2); undefined for a local account, which signs for any chain. */
  readonly chainId: string | undefined
  /** Requests that need the signer go here: the node for a local account, the wallet otherwise. */
  readonly wallet: EvmClient | undefined
  /** The connected wallet's name, for messages; undefined for a local account. */
  readonly walletName: string | undefined
  /** What to tell the user about a failed request: the wallet's own story when there is one. */
  readonly explainFailure: (error: unknown) => unknown
  readonly close: () => Promise<void>
}

/** Which chain the connected wallet is asked on, and how long each request to it may take. */
export interface WalletTarget {
  readonly chainId?: CaipNetworkId | undefined
  readonly requestTimeoutMs?: number | undefined
  /** Without `chainId`: the session's active chain whatever its namespace, not its eip155 one (receive). */
  readonly anyNamespace?: boolean | undefined
}

/** The local account when there is one, else the stored connection's wallet (asked on `wallet.chainId`). */
const openSigner = async (
  local: PrivateKeyAccount | undefined,
  wallet: WalletTarget,
): Promise<CommandSigner> => {
  if (local !== undefined)
    return {
      signer: local,
      address: local.address,
      chainId: undefined,
      wallet: undefined,
      walletName: undefined,
      explainFailure: (error) => error,
      close: async () => {},
    }
  const stored = readConnection()
  if (stored?.kind === "embedded")
    return (await import("./embeddedSession")).openEmbeddedSigner(stored, {
      chainId: wallet.chainId,
      requestTimeoutMs: wallet.requestTimeoutMs,
    })
  const { evmChainOf, openStoredWalletConnect } = await import("./walletSession")
  const chainId = wallet.chainId ?? (wallet.anyNamespace ? undefined : evmChainOf(stored))
  const session = await openStoredWalletConnect({ ...wallet, chainId })
  return {
    signer: session.address,
    address: session.address,
    chainId: session.chainId,
    wallet: evmProviderClient(session),
    walletName: session.walletName,
    explainFailure: session.explainFailure,
    close: session.close,
  }
}

/** The account a command acts for: its address, and the connected wallet's chain (none for a local account). */
export type CommandAccount = Pick<CommandSigner, "address" | "chainId">

/**
 * For a command that only needs the account's address (receive, onramp, a swap quote), never a signature:
 * the local signer given, else the stored connection's address when it is a local signer (a connected
 * keystore is not opened, so no password is asked for), else the connected wallet's account on
 * `wallet.chainId`. Like prepareCommandSigner, a given key is read (and a bad one refused) now.
 */
export const prepareCommandAccount = async (
  options: SignerOptions,
): Promise<(wallet?: WalletTarget) => Promise<CommandAccount>> => {
  const local = await loadLocalSigner(options)
  const stored = local === undefined ? readConnection() : undefined
  const address =
    local?.address ??
    (stored?.kind === "keystore" || stored?.kind === "private-key"
      ? (stored.address as `0x${string}`)
      : undefined)
  return async (wallet = {}) => {
    if (address !== undefined) return { address, chainId: undefined }
    const signer = await openSigner(undefined, wallet)
    await signer.close()
    return { address: signer.address, chainId: signer.chainId }
  }
}

/** prepareCommandAccount's account at once, for commands that know the chain to ask on from the start. */
export const commandAccount = async (
  options: SignerOptions,
  wallet: WalletTarget = {},
): Promise<CommandAccount> => (await prepareCommandAccount(options))(wallet)

/**
 * The first half of openCommandSigner, for commands that must ask a node before they know the chain: the
 * local signer is read now (a bad key, an unreadable keystore refused before any request leaves the machine);
 * the returned function opens the signer once the wallet's chain is known.
 */
export const prepareCommandSigner = async (
  options: SignerOptions,
): Promise<(wallet?: WalletTarget) => Promise<CommandSigner>> => {
  const local = (await loadLocalSigner(options)) ?? (await storedKeystoreSigner(process.env, processTerminal))
  return (wallet = {}) => openSigner(local, wallet)
}

/**
 * The local signer when one is given, else the stored WalletConnect session (which `appkit-cli connect`
 * left behind, checked with the relay first) as an EIP-1193 wallet on `chainId`, each request to it bounded
 * by `requestTimeoutMs`. Call close() when done: it ends the relay connection.
 */
export const openCommandSigner = async (
  options: SignerOptions,
  wallet: WalletTarget = {},
): Promise<CommandSigner> => (await prepareCommandSigner(options))(wallet)
