import { type Anvil, deterministicKeypair, signBytes, startAnvil } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Layer, Result } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Storage } from "../storage/Storage"
import { contractWalletCode, installCode } from "../testing/contractWallet"
import { testSigner } from "../testing/personalSign"
import { toChecksumAddress } from "../validation/address/evm"
import { hashPersonalMessage } from "./eip191"
import { SiwxClient } from "./SiwxClient"
import { formatSiwxMessage } from "./SiwxMessage"
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

/** The failure's tag and text, or "success". */
const outcomeOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.match(effect, {
    onFailure: (error) => {
      const { _tag, message } = error as { readonly _tag?: unknown; readonly message?: unknown }
      return { _tag, message }
    },
    onSuccess: () => "success" as const,
  })

describe("siwxClient refusals, word for word", () => {
  it("a nonce is spent by its own session only: other issued nonces stay good", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const first = yield* signIn()
        const second = yield* signIn()
        yield* client.addSession(first)
        const replay = yield* outcomeOf(client.addSession(first))
        return { second: yield* outcomeOf(client.addSession(second)), replay, nonce: first.data.nonce }
      }),
    )
    expect(outcome).toEqual({
      second: "success",
      nonce: outcome.nonce,
      replay: {
        _tag: "SiweNonceMismatch",
        message: `Nonce ${outcome.nonce} was not issued here or was already used`,
      },
    })
  })

  it("holds a session to this app's domain even when its nonce was issued here", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const { data } = yield* signIn()
        // An attacker re-labels an issued nonce for another site and has the victim sign that text.
        const forged = { ...data, domain: "evil.example" }
        const message = Result.getOrThrow(formatSiwxMessage(forged))
        return yield* outcomeOf(
          client.addSession({ data: forged, message, signature: wallet.personalSign(message) }),
        )
      }),
    )
    expect(outcome).toEqual({
      _tag: "SiweDomainMismatch",
      message: "Domain mismatch: expected app.example, got evil.example",
    })
  })

  it("says what is wrong with a session that is no session, or a message that is not its data's", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const garbage = yield* outcomeOf(client.addSession({ data: {}, message: "", signature: "" } as never))
        const fresh = yield* signIn()
        const tampered = yield* outcomeOf(client.addSession({ ...fresh, message: `${fresh.message} ` }))
        return { garbage, tampered }
      }),
    )
    expect(outcome.garbage).toMatchObject({ _tag: "InvalidSiweMessage" })
    expect(String((outcome.garbage as { message: unknown }).message)).toMatch(/^Invalid sign-in session: \S/)
    expect(outcome.tampered).toEqual({
      _tag: "InvalidSiweMessage",
      message: "The signed message does not match its sign-in data",
    })
  })

  it("refuses to build a message from a configuration that makes no valid sign-in data", async () => {
    const broken = siwxClient({ domain: "", uri: "https://app.example" }).pipe(
      Layer.provide(SiwxSessionStore.layer),
      Layer.provide(Storage.memory),
    )
    const outcome = await Effect.gen(function* () {
      const client = yield* SiwxClient
      return yield* outcomeOf(client.createMessage({ chainId, accountAddress: wallet.address }))
    }).pipe(Effect.provide(broken), Effect.runPromise)
    expect(outcome).toMatchObject({ _tag: "InvalidSiweMessage" })
    expect(String((outcome as { message: unknown }).message)).toMatch(/^Invalid sign-in data: \S/)
  })
})

/** What a wallet returns from one-click sign-in: the EIP-4361 text it signed and the CACAO around it. */
const oneClick = (account: `0x${string}`, chain: number, sign: (message: string) => string) => {
  const p = {
    domain: "app.example",
    aud: "https://app.example",
    version: "1",
    nonce: "oneClick1234",
    iat: "2030-01-01T00:00:00.000Z",
    iss: `did:pkh:eip155:${chain}:${account}`,
  }
  const message = [
    "app.example wants you to sign in with your Ethereum account:",
    account,
    "",
    "",
    `URI: ${p.aud}`,
    "Version: 1",
    `Chain ID: ${chain}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${p.iat}`,
  ].join("\n")
  return { message, cacao: { h: { t: "caip122" }, p, s: { t: "eip191", s: sign(message) } } as const }
}

describe("siwxClient one-click sign-in refusals", () => {
  const addWalletSignIn = (signIn: unknown) =>
    run(
      Effect.gen(function* () {
        const add = (yield* SiwxClient).addWalletSignIn
        if (add === undefined) throw new Error("no addWalletSignIn")
        return yield* outcomeOf(add(signIn as never))
      }),
    )
  const good = oneClick(wallet.address, 1, wallet.personalSign)

  it("refuses a CACAO whose domain or nonce is not the signed message's", async () => {
    const mismatch = { _tag: "InvalidSiweMessage", message: "The CACAO does not match the message it signs" }
    for (const p of [
      { ...good.cacao.p, domain: "evil.example" },
      { ...good.cacao.p, nonce: "oneClick1235" },
    ])
      expect(await addWalletSignIn({ ...good, cacao: { ...good.cacao, p } })).toEqual(mismatch)
    expect(await addWalletSignIn(good)).toBe("success")
  })

  it("refuses a verified message whose CACAO is malformed", async () => {
    const outcome = await addWalletSignIn({ ...good, cacao: { ...good.cacao, h: { t: "jwt" } } })
    expect(outcome).toMatchObject({ _tag: "InvalidSiweMessage" })
    expect(String((outcome as { message: unknown }).message)).toMatch(/^Invalid sign-in session: \S/)
  })
})

describe("siwxClient with contract wallets (EIP-1271) on anvil", () => {
  let anvil: Anvil
  const contractWallet = toChecksumAddress("0x00000000000000000000000000000000000c0de1")
  const notTheWallet = testSigner("not the contract wallet")
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 1 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })
  const runWith = <A, E>(rpcUrls: Record<string, string>, effect: Effect.Effect<A, E, SiwxClient>) =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2030-01-01T00:00:00Z"))
      return yield* effect
    }).pipe(
      Effect.provide(
        siwxClient({ domain: "app.example", uri: "https://app.example", rpcUrls }).pipe(
          Layer.provide(SiwxSessionStore.layer),
          Layer.provide(Storage.memory),
        ),
      ),
      Effect.provide(TestClock.layer()),
      Effect.runPromise,
    )
  const approve = (message: string) =>
    installCode(anvil.rpcUrl, contractWallet, contractWalletCode.acceptingHash(hashPersonalMessage(message)))

  it("verifies a session through the RPC URL of the session's chain", async () => {
    const chain = `eip155:${anvil.chainId}`
    const outcome = await runWith(
      { [chain]: anvil.rpcUrl },
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const { data, message } = yield* client.createMessage({
          chainId: chain,
          accountAddress: contractWallet,
        })
        yield* Effect.promise(() => approve(message))
        const session = { data, message, signature: notTheWallet.personalSign(message) }
        return {
          added: yield* outcomeOf(client.addSession(session)),
          sessions: (yield* client.getSessions(chain, contractWallet)).length,
        }
      }),
    )
    expect(outcome).toEqual({ added: "success", sessions: 1 })
  })

  it("verifies a one-click sign-in through the RPC URL of the CACAO issuer's chain", async () => {
    const signIn = oneClick(contractWallet, anvil.chainId, notTheWallet.personalSign)
    await approve(signIn.message)
    const add = (rpcUrls: Record<string, string>, cacaoIssuer = signIn.cacao.p.iss) =>
      runWith(
        rpcUrls,
        Effect.gen(function* () {
          const client = (yield* SiwxClient).addWalletSignIn
          if (client === undefined) throw new Error("no addWalletSignIn")
          const cacao = { ...signIn.cacao, p: { ...signIn.cacao.p, iss: cacaoIssuer } }
          return yield* outcomeOf(client({ ...signIn, cacao }))
        }),
      )
    expect(await add({ [`eip155:${anvil.chainId}`]: anvil.rpcUrl })).toBe("success")
    expect(await add({ "eip155:1": anvil.rpcUrl })).toMatchObject({ _tag: "SiweInvalidSignature" })
    // An issuer that is no did:pkh directs no RPC call: the signature is judged as an EOA's.
    const unreachable = { [`eip155:${anvil.chainId}`]: "http://127.0.0.1:9" }
    const notDidPkh = `eip155:${anvil.chainId}:did:pkh:${contractWallet}`
    expect(await add(unreachable, notDidPkh)).toMatchObject({ _tag: "SiweInvalidSignature" })
    expect(await add(unreachable)).toMatchObject({ _tag: "SiweRpcError" })
  })
})
