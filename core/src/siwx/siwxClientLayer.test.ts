import { deterministicKeypair, signBytes } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { Storage } from "../storage/Storage"
import { testSigner } from "../testing/personalSign"
import { SiwxClient } from "./SiwxClient"
import { SiwxSessionStore } from "./SiwxSessionStore"
import { siwxClient } from "./siwxClientLayer"

const wallet = testSigner("appkit siwx client test key")
const otherWallet = testSigner("someone else")
const chainId = "eip155:1"

const layer = siwxClient({
  domain: "app.example",
  uri: "https://app.example",
  statement: "Sign in to App",
  expiresInMs: 60 * 60_000,
}).pipe(Layer.provide(SiwxSessionStore.layer), Layer.provide(Storage.memory))

const run = <A, E>(effect: Effect.Effect<A, E, SiwxClient>) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(Date.parse("2030-01-01T00:00:00Z"))
    return yield* effect
  }).pipe(Effect.provide(layer), Effect.provide(TestClock.layer()), Effect.runPromise)

/** Asks for a message for the wallet's account (as a wallet reports it: lowercase) and signs it. */
const signIn = (signer = wallet) =>
  Effect.gen(function* () {
    const client = yield* SiwxClient
    const { data, message } = yield* client.createMessage({
      chainId,
      accountAddress: wallet.address.toLowerCase(),
    })
    return { data, message, signature: signer.personalSign(message) }
  })

// SiwxClient's contract types errors as unknown; this client's errors are tagged.
const tagOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.match(effect, {
    onFailure: (error) => String((error as { readonly _tag?: unknown })._tag),
    onSuccess: () => "success",
  })

describe("siwxClient", () => {
  it("builds a message with a fresh nonce and the Clock's time, verifies and stores the signed session", async () => {
    const [message, sessions] = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const session = yield* signIn()
        yield* client.addSession(session)
        return [session.message, yield* client.getSessions(chainId, wallet.address)] as const
      }),
    )
    expect(message).toContain(`\n${wallet.address}\n`)
    expect(message).toContain(
      "Issued At: 2030-01-01T00:00:00.000Z\nExpiration Time: 2030-01-01T01:00:00.000Z",
    )
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{16}\n/)
    expect(sessions).toHaveLength(1)
  })

  it("refuses a replayed nonce, a tampered message and someone else's signature", async () => {
    const outcomes = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const session = yield* signIn()
        yield* client.addSession(session)
        const replay = yield* tagOf(client.addSession(session))
        const fresh = yield* signIn()
        const tampered = yield* tagOf(
          client.addSession({
            ...fresh,
            message: fresh.message.replace("Sign in to App", "Sign in to Evil"),
          }),
        )
        const stranger = yield* tagOf(client.addSession(yield* signIn(otherWallet)))
        return { replay, tampered, stranger }
      }),
    )
    expect(outcomes).toEqual({
      replay: "SiweNonceMismatch",
      tampered: "InvalidSiweMessage",
      stranger: "SiweInvalidSignature",
    })
  })

  it("a session signed too late is refused, and a stored one lapses at its expiry", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const late = yield* signIn()
        yield* TestClock.adjust("61 minutes")
        const lateTag = yield* tagOf(client.addSession(late))
        const session = yield* signIn()
        yield* client.addSession(session)
        yield* TestClock.adjust("59 minutes")
        const before = (yield* client.getSessions(chainId, wallet.address)).length
        yield* TestClock.adjust("1 minute")
        const after = (yield* client.getSessions(chainId, wallet.address)).length
        return { lateTag, before, after }
      }),
    )
    expect(outcome).toEqual({ lateTag: "SiweExpired", before: 1, after: 0 })
  })

  it("keeps a one-click sign-in (CACAO) once it verifies, and never an unverified or mismatched one", async () => {
    const walletSignIn = (signer = wallet, domain = "app.example") => {
      const p = {
        domain,
        aud: "https://app.example",
        version: "1",
        nonce: "oneClick1234",
        iat: "2030-01-01T00:00:00.000Z",
        iss: `did:pkh:${chainId}:${wallet.address}`,
      }
      const message = [
        `${domain} wants you to sign in with your Ethereum account:`,
        wallet.address,
        "",
        "",
        `URI: ${p.aud}`,
        "Version: 1",
        "Chain ID: 1",
        `Nonce: ${p.nonce}`,
        `Issued At: ${p.iat}`,
      ].join("\n")
      const cacao = { h: { t: "caip122" }, p, s: { t: "eip191", s: signer.personalSign(message) } } as const
      return { message, cacao }
    }
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const add = client.addWalletSignIn
        if (add === undefined) throw new Error("no addWalletSignIn")
        const good = walletSignIn()
        const stranger = yield* tagOf(add(walletSignIn(otherWallet)))
        const phishing = yield* tagOf(add(walletSignIn(wallet, "evil.example")))
        const otherIssuer = yield* tagOf(
          add({
            ...good,
            cacao: { ...good.cacao, p: { ...good.cacao.p, iss: `did:pkh:eip155:1:${otherWallet.address}` } },
          }),
        )
        const before = yield* client.getSessions(chainId, wallet.address)
        yield* add(good)
        return {
          stranger,
          phishing,
          otherIssuer,
          before,
          after: yield* client.getSessions(chainId, wallet.address),
        }
      }),
    )
    expect(outcome).toMatchObject({
      stranger: "SiweInvalidSignature",
      phishing: "SiweDomainMismatch",
      otherIssuer: "InvalidSiweMessage",
      before: [],
    })
    expect(outcome.after).toHaveLength(1)
    expect(outcome.after[0]).toMatchObject({
      data: { accountAddress: wallet.address, chainId, nonce: "oneClick1234" },
      cacao: { p: { iss: `did:pkh:${chainId}:${wallet.address}` } },
    })
  })

  it("revokes a session", async () => {
    const left = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        yield* client.addSession(yield* signIn())
        yield* client.revokeSession(chainId, wallet.address)
        return yield* client.getSessions(chainId, wallet.address)
      }),
    )
    expect(left).toEqual([])
  })
})

describe("siwxClient on solana", () => {
  const solanaChain = "solana:F7RpanAbV2JJsTC2h5A1Ecfyn1UB6VNx"
  const key = deterministicKeypair("appkit siwx solana key")
  const signSolana = (signer = key) =>
    Effect.gen(function* () {
      const client = yield* SiwxClient
      const { data, message } = yield* client.createMessage({
        chainId: solanaChain,
        accountAddress: key.address,
      })
      return { data, message, signature: base58.encode(signBytes(signer, new TextEncoder().encode(message))) }
    })

  it("builds a Sign-In With Solana message, verifies the ed25519 signature and keeps the session", async () => {
    const { message, sessions } = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const session = yield* signSolana()
        yield* client.addSession(session)
        return { message: session.message, sessions: yield* client.getSessions(solanaChain, key.address) }
      }),
    )
    expect(message.split("\n").slice(0, 2)).toEqual([
      "app.example wants you to sign in with your Solana account:",
      key.address,
    ])
    expect(message).toContain("\nChain ID: F7RpanAbV2JJsTC2h5A1Ecfyn1UB6VNx\n")
    expect(sessions).toHaveLength(1)
  })

  it("refuses a tampered message, another key's signature and a replay", async () => {
    const outcomes = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const first = yield* signSolana()
        const tampered = yield* tagOf(
          client.addSession({ ...first, message: first.message.replace("App", "Evil") }),
        )
        const stranger = yield* tagOf(
          client.addSession(yield* signSolana(deterministicKeypair("not the account"))),
        )
        yield* client.addSession(first)
        const replay = yield* tagOf(client.addSession(first))
        return { tampered, stranger, replay }
      }),
    )
    expect(outcomes).toEqual({
      tampered: "InvalidSiweMessage",
      stranger: "SiweInvalidSignature",
      replay: "SiweNonceMismatch",
    })
  })
})
