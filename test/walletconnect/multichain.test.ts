import { spawn } from "node:child_process"
import { createPublicKey, verify } from "node:crypto"
import type { Connection, WalletConnectConnector } from "@appkit/core"
import {
  getCosmosAccounts,
  makeAdr036SignDoc,
  signCosmosAdr036,
  signCosmosAmino,
  signCosmosDirect,
  signDocFromJson,
  verifyCosmosAdr036Signature,
} from "@appkit/core/cosmos"
import { signPolkadotMessage, signPolkadotTransaction, verifyPolkadotSignature } from "@appkit/core/polkadot"
import { networkId } from "@appkit/core/testing"
import {
  type DevWallet,
  type DevWalletOptions,
  guardLoopback,
  type Relay,
  referenceVectors,
  startDevWallet,
  startRelay,
} from "@appkit/fixtures"
import { base58, base64, hex } from "@scure/base"
import {
  address,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit"
import { Effect, Exit, Fiber, Option, Result, Stream } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath } from "../support/cli"
import { proposeTo } from "./support"

// A dApp's WalletConnect connector and the dev wallet, real sign-clients on both sides through the local
// relay, on the polkadot, cosmos and solana namespaces: the accounts the session exposes, and every sign
// method answered with the dev mnemonic's keys and checked by the core's verifiers.
const polkadot = networkId("polkadot:91b171bb158e2d3848fa23a9f1c25182")
const cosmos = networkId("cosmos:cosmoshub-4")
const solana = networkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")

// The dev mnemonic's accounts as polkadot.js, Keplr (cosmjs) and Phantom (SLIP-10) show them.
const dev = {
  polkadot: referenceVectors.polkadot.sr25519.polkadot,
  polkadotEd25519: referenceVectors.polkadot.ed25519.polkadot,
  cosmos: referenceVectors.cosmos.address,
  cosmosPubkey: referenceVectors.cosmos.pubKey.value,
  solana: referenceVectors.solana.address,
}

/**
 * A transfer on Polkadot as a dApp hands it to polkadot_signTransaction, and the bytes polkadot.js says are
 * signed for it: the check does not rely on the dev wallet's own encoder.
 */
const [transfer] = referenceVectors.polkadot.payloads
const cosmjs = referenceVectors.cosmos

let relay: Relay
const wallets: Array<DevWallet> = []
let prefix = 0
const guard = guardLoopback()

beforeAll(async () => {
  relay = await startRelay({ quiet: true })
})
afterAll(async () => {
  for (const wallet of wallets) await wallet.close()
  await relay.close()
  guard.restore()
  expect(guard.attempts).toEqual([])
})

const devWallet = async (options: Partial<DevWalletOptions> = {}) => {
  const wallet = await startDevWallet({
    relayUrl: relay.url,
    storagePrefix: `multichain-wallet-${prefix++}`,
    ...options,
  })
  wallets.push(wallet)
  return wallet
}

/** Connects a fresh dApp connector on `chains` through `wallet` (it scans the URI), then runs `body`. */
const session = <A, E>(
  wallet: Pick<DevWallet, "pair">,
  chains: ReadonlyArray<string>,
  body: (connector: WalletConnectConnector, connection: Connection) => Effect.Effect<A, E>,
) =>
  Effect.runPromise(
    proposeTo(
      {
        relayUrl: relay.url,
        wallet,
        chains,
        name: "Multichain dApp",
        storagePrefix: `multichain-dapp-${prefix++}`,
      },
      (connector, connected): Effect.Effect<A, unknown> =>
        Exit.isSuccess(connected) ? body(connector, connected.value) : Effect.failCause(connected.cause),
    ).pipe(Effect.provide(TestClock.layer())),
  )

/** Ed25519 by Node's own crypto, independent of the noble code the wallet signs with. */
const ed25519Verifies = (message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array) =>
  verify(
    null,
    message,
    createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk",
    }),
    signature,
  )

describe("polkadot, cosmos and solana over WalletConnect with the dev wallet", () => {
  it("the session exposes each namespace's account, as CAIP-10 ids and §3 account type objects", async () => {
    const wallet = await devWallet()
    const connection = await session(wallet, [polkadot, cosmos, solana], (_, connection) =>
      Effect.succeed(connection),
    )
    expect(connection.accounts).toEqual([
      `${polkadot}:${dev.polkadot}`,
      `${cosmos}:${dev.cosmos}`,
      `${solana}:${dev.solana}`,
    ])
    expect(connection.chainId).toBe(polkadot)
    expect(connection.allAccounts).toEqual([
      { namespace: "polkadot", address: dev.polkadot, type: "eoa" },
      { namespace: "cosmos", address: dev.cosmos, type: "eoa" },
      { namespace: "solana", address: dev.solana, type: "eoa" },
    ])
    expect(await wallet.accountsOn(cosmos)).toEqual([`${cosmos}:${dev.cosmos}`])
  })

  it("polkadot: signs a message (sr25519 and ed25519 keys) and a transaction, each verified by the core", async () => {
    const wallet = await devWallet()
    const signed = await session(wallet, [polkadot], (connector) =>
      Effect.all({
        message: signPolkadotMessage(connector.request, {
          address: dev.polkadot,
          message: "Sign in to AppKit",
        }),
        transaction: signPolkadotTransaction(connector.request, transfer.payload),
      }),
    )
    expect(signed.message.scheme).toBe("sr25519")
    expect(new TextDecoder().decode(signed.message.data)).toBe("<Bytes>Sign in to AppKit</Bytes>")
    expect(signed.transaction.signature.slice(0, 4)).toBe("0x01")
    const verified = verifyPolkadotSignature({
      address: dev.polkadot,
      data: hex.decode(transfer.signed.slice(2)),
      signature: signed.transaction.signature,
    })
    expect(verified).toMatchObject({ _tag: "Success", success: { scheme: "sr25519" } })

    const edWallet = await devWallet({ polkadotKeyType: "ed25519" })
    const ed = await session(edWallet, [polkadot], (connector) =>
      signPolkadotMessage(connector.request, { address: dev.polkadotEd25519, message: "hello" }),
    )
    expect(ed.scheme).toBe("ed25519")
    const publicKey = base58.decode(dev.polkadotEd25519).subarray(1, 33)
    expect(ed25519Verifies(ed.data, hex.decode(ed.signature.slice(2)), publicKey)).toBe(true)
  })

  it("cosmos: lists its account and signs ADR-036, amino and direct documents, each verified by the core", async () => {
    const wallet = await devWallet()
    const result = await session(wallet, [cosmos], (connector) =>
      Effect.all({
        accounts: getCosmosAccounts(connector.request),
        adr036: signCosmosAdr036(connector.request, { signer: dev.cosmos, data: cosmjs.adr036.data }),
        amino: signCosmosAmino(connector.request, {
          signerAddress: dev.cosmos,
          signDoc: cosmjs.amino.signDoc,
        }),
        direct: signCosmosDirect(connector.request, {
          signerAddress: dev.cosmos,
          signDoc: Result.getOrThrow(signDocFromJson(cosmjs.direct.signDoc)),
        }),
      }),
    )
    expect(result.accounts).toEqual([
      { algo: "secp256k1", address: dev.cosmos, pubkey: base64.decode(dev.cosmosPubkey) },
    ])
    expect(result.adr036.signed).toEqual(makeAdr036SignDoc(dev.cosmos, cosmjs.adr036.data))
    expect(
      verifyCosmosAdr036Signature({
        signer: dev.cosmos,
        data: cosmjs.adr036.data,
        signature: result.adr036.signature,
      }),
    ).toMatchObject({ _tag: "Success" })
    // cosmjs signs deterministically (RFC 6979): the same signatures cosmjs made for these documents offline.
    expect(result.adr036.signature).toEqual(cosmjs.adr036.signature)
    expect(result.amino.signature).toEqual(cosmjs.amino.signature)
    expect(result.direct.signature).toEqual(cosmjs.direct.signature)
  })

  it("a session on several namespaces signs on each without a chain switch: a request goes to its method's namespace", async () => {
    const wallet = await devWallet()
    const result = await session(wallet, [polkadot, cosmos, solana], (connector, connection) =>
      Effect.gen(function* () {
        const cosmosSigned = yield* signCosmosAdr036(connector.request, { signer: dev.cosmos, data: "hi" })
        const polkadotSigned = yield* signPolkadotMessage(connector.request, {
          address: dev.polkadot,
          message: "hi",
        })
        const info = yield* connector.session
        return {
          active: connection.chainId,
          after: Option.map(info, (s) => s.chainId),
          cosmosSigned,
          polkadotSigned,
        }
      }),
    )
    expect(result.active).toBe(polkadot)
    expect(result.after).toEqual(Option.some(polkadot))
    expect(
      verifyCosmosAdr036Signature({
        signer: dev.cosmos,
        data: "hi",
        signature: result.cosmosSigned.signature,
      }),
    ).toMatchObject({
      _tag: "Success",
    })
    expect(result.polkadotSigned.scheme).toBe("sr25519")
  })

  it("an accountsChanged on one namespace's chain keeps the session's other namespaces, and one nobody can read changes nothing", async () => {
    const wallet = await devWallet()
    const other = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
    const event = await session(wallet, [polkadot, solana], (connector) =>
      Effect.gen(function* () {
        const changed = yield* Effect.forkChild(
          Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "accountsChanged")),
        )
        yield* Effect.yieldNow
        yield* Effect.promise(() => wallet.emitEvent(solana, { name: "accountsChanged", data: [42] }))
        yield* Effect.promise(() => wallet.emitEvent(solana, { name: "accountsChanged", data: [other] }))
        return yield* Fiber.join(changed)
      }),
    )
    expect(event).toEqual(
      Option.some({
        _tag: "accountsChanged",
        accounts: [`${polkadot}:${dev.polkadot}`, `${solana}:${other}`],
        allAccounts: [
          { namespace: "polkadot", address: dev.polkadot, type: "eoa" },
          { namespace: "solana", address: other, type: "eoa" },
        ],
      }),
    )
  })

  it("solana: signs a message and a transaction with the dev key", async () => {
    const wallet = await devWallet()
    const message = new TextEncoder().encode("Sign in to AppKit")
    const transaction = getBase64EncodedWireTransaction(
      compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (draft) => setTransactionMessageFeePayer(address(dev.solana), draft),
          (draft) =>
            setTransactionMessageLifetimeUsingBlockhash(
              {
                blockhash: blockhash("4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY"),
                lastValidBlockHeight: 100n,
              },
              draft,
            ),
        ),
      ),
    )
    const replies = await session(wallet, [solana], (connector) =>
      Effect.all({
        message: connector.request({
          method: "solana_signMessage",
          params: { message: base58.encode(message), pubkey: dev.solana },
        }),
        transaction: connector.request({ method: "solana_signTransaction", params: { transaction } }),
      }),
    )
    const publicKey = base58.decode(dev.solana)
    const { signature } = replies.message as { signature: string }
    expect(ed25519Verifies(message, base58.decode(signature), publicKey)).toBe(true)
    const signedTransaction = replies.transaction as { signature: string; transaction: string }
    const decoded = getTransactionDecoder().decode(base64.decode(signedTransaction.transaction))
    const slot = Uint8Array.from(decoded.signatures[address(dev.solana)] ?? [])
    expect(base58.encode(slot)).toBe(signedTransaction.signature)
    expect(ed25519Verifies(Uint8Array.from(decoded.messageBytes), slot, publicKey)).toBe(true)
  })

  it("a user rejecting in the wallet is the core's 4001 on every namespace", async () => {
    const wallet = await devWallet({ rejectRequests: true })
    const exits = await session(wallet, [polkadot, cosmos, solana], (connector) =>
      Effect.gen(function* () {
        const polkadotExit = yield* Effect.exit(
          signPolkadotMessage(connector.request, { address: dev.polkadot, message: "x" }),
        )
        yield* connector.switchChain(cosmos)
        const cosmosExit = yield* Effect.exit(
          signCosmosAdr036(connector.request, { signer: dev.cosmos, data: "x" }),
        )
        yield* connector.switchChain(solana)
        const solanaExit = yield* Effect.exit(
          connector.request({
            method: "solana_signMessage",
            params: { message: "3yZe7d", pubkey: dev.solana },
          }),
        )
        return [polkadotExit, cosmosExit, solanaExit] as ReadonlyArray<Exit.Exit<unknown, unknown>>
      }),
    )
    for (const exit of exits)
      expect(Exit.findErrorOption(exit)).toMatchObject(
        Option.some({ _tag: "ProviderRpcError", code: 4001, message: "Signature declined" }),
      )
  })

  it("a cosmos-only dApp connects too; a cosmos chain the wallet does not know gets no account", async () => {
    const wallet = await devWallet()
    const connection = await session(wallet, [cosmos, "cosmos:unknown-1"], (_, connection) =>
      Effect.succeed(connection),
    )
    expect(connection.accounts).toEqual([`${cosmos}:${dev.cosmos}`])
  })

  it("appkit-cli dev wallet answers the three namespaces as well", async () => {
    let output = ""
    let walletProcess: ReturnType<typeof spawn> | undefined
    const pair = async (uri: string) => {
      walletProcess = spawn(process.execPath, [cliPath, "dev", "wallet", "--uri", uri], {
        env: { ...process.env, APPKIT_RELAY_URL: relay.url, APPKIT_PRIVATE_KEY: "" },
        stdio: ["ignore", "pipe", "pipe"],
      })
      walletProcess.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
      walletProcess.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    }
    try {
      const signed = await session({ pair }, [cosmos, polkadot, solana], (connector, connection) =>
        Effect.gen(function* () {
          const adr036 = yield* signCosmosAdr036(connector.request, {
            signer: dev.cosmos,
            data: "from the CLI",
          })
          yield* connector.switchChain(polkadot)
          const message = yield* signPolkadotMessage(connector.request, {
            address: dev.polkadot,
            message: "from the CLI",
          })
          return { accounts: connection.accounts, adr036, message }
        }),
      )
      expect(signed.accounts).toEqual([
        `${cosmos}:${dev.cosmos}`,
        `${polkadot}:${dev.polkadot}`,
        `${solana}:${dev.solana}`,
      ])
      expect(signed.message.scheme).toBe("sr25519")
    } finally {
      const running = walletProcess
      if (running !== undefined) {
        const exited = new Promise((resolve) => running.once("close", resolve))
        running.kill("SIGTERM")
        expect(await exited).toBe(0)
      }
    }
    expect(output).toContain("answered cosmos_signAmino")
    expect(output).toContain("answered polkadot_signMessage")
  })
})
