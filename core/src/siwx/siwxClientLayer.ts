import { Clock, Effect, Layer, Option, Ref, Result, Schema } from "effect"
import type { WalletSignIn } from "../connectors/Connector"
import { decodeCaipAccountId, networkOfAccount } from "../domain/caip"
import { SiwxSession } from "../domain/siwx"
import { SiweNonceMismatch } from "./errors"
import { generateSiweNonce } from "./nonce"
import { InvalidSiweMessage } from "./SiweMessage"
import { SiwxClient } from "./SiwxClient"
import { siwxDataFromSiwe, siwxMessageText } from "./SiwxMessage"
import { SiwxSessionStore } from "./SiwxSessionStore"
import type { VerifySiweOptions } from "./verifySiweMessage"
import { verifySiwxSession } from "./verifySiwxSession"

export interface SiwxConfig {
  /** This app's RFC 3986 authority, e.g. "app.example" or "localhost:3000": the wallet shows it. */
  readonly domain: string
  /** The URI the sign-in is for, e.g. "https://app.example". */
  readonly uri: string
  readonly statement?: string
  /** Sessions expire this long after signing; without it they last until revoked. */
  readonly expiresInMs?: number
  /** RPC URLs by CAIP-2 chain id, so eip155 contract wallets (EIP-1271) can be verified. */
  readonly rpcUrls?: Readonly<Record<string, string>>
}

const decodeSession = Schema.decodeUnknownResult(SiwxSession)

/** The verifier (secp256k1, EIP-1271 through viem) loads with the first signature to check, not with the app. */
const verifySiweMessage = (message: string, signature: string, options: VerifySiweOptions) =>
  Effect.flatMap(
    Effect.promise(() => import("./verifySiweMessage")),
    (verifier) => verifier.verifySiweMessage(message, signature, options),
  )

/**
 * The sign-in client of the SIWX flow for eip155 and solana accounts: builds CAIP-122 messages (EIP-4361,
 * Sign-In With Solana) with fresh nonces, verifies signed sessions (domain, the nonce it issued, validity
 * window, then EIP-191/EIP-1271 or ed25519) and keeps them in the SiwxSessionStore. A nonce is good for one
 * session only, so a signed message cannot be replayed.
 */
export const siwxClient = (config: SiwxConfig): Layer.Layer<SiwxClient, never, SiwxSessionStore> =>
  Layer.effect(
    SiwxClient,
    Effect.gen(function* () {
      const store = yield* SiwxSessionStore
      const issuedNonces = yield* Ref.make<ReadonlySet<string>>(new Set())

      const createMessage = Effect.fn("Siwx.createMessage")(function* (input: {
        readonly chainId: string
        readonly accountAddress: string
      }) {
        const nonce = generateSiweNonce()
        const now = yield* Clock.currentTimeMillis
        const data = {
          accountAddress: input.accountAddress,
          chainId: input.chainId,
          domain: config.domain,
          uri: config.uri,
          version: "1",
          nonce,
          issuedAt: new Date(now).toISOString(),
          ...(config.statement === undefined ? {} : { statement: config.statement }),
          ...(config.expiresInMs === undefined
            ? {}
            : { expirationTime: new Date(now + config.expiresInMs).toISOString() }),
        }
        const decoded = decodeSession({ data, message: "-", signature: "-" })
        if (Result.isFailure(decoded))
          return yield* new InvalidSiweMessage({
            message: `Invalid sign-in data: ${decoded.failure.message}`,
          })
        const message = yield* siwxMessageText(decoded.success.data)
        yield* Ref.update(issuedNonces, (nonces) => new Set([...nonces, nonce]))
        return { data: decoded.success.data, message }
      })

      const addSession = Effect.fn("Siwx.addSession")(function* (input: unknown) {
        const decoded = decodeSession(input)
        if (Result.isFailure(decoded))
          return yield* new InvalidSiweMessage({
            message: `Invalid sign-in session: ${decoded.failure.message}`,
          })
        const session = decoded.success
        const { nonce, chainId } = session.data
        if (!(yield* Ref.get(issuedNonces)).has(nonce))
          return yield* new SiweNonceMismatch({
            message: `Nonce ${nonce} was not issued here or was already used`,
          })
        const expected = yield* siwxMessageText(session.data)
        if (expected !== session.message)
          return yield* new InvalidSiweMessage({
            message: "The signed message does not match its sign-in data",
          })
        const rpcUrl = config.rpcUrls?.[chainId]
        yield* verifySiwxSession(session, {
          domain: config.domain,
          nonce,
          ...(rpcUrl === undefined ? {} : { rpcUrl }),
        })
        yield* Ref.update(issuedNonces, (nonces) => new Set([...nonces].filter((n) => n !== nonce)))
        yield* store.add(session)
      })

      /** One-click sign-in: the CACAO becomes a session once its message verifies and names the CACAO's signer. */
      const addWalletSignIn = Effect.fn("Siwx.addWalletSignIn")(function* ({ message, cacao }: WalletSignIn) {
        // did:pkh:<CAIP-10 account>; checked against the verified message below.
        const issuerNetwork = Option.map(
          decodeCaipAccountId(cacao.p.iss.replace(/^did:pkh:/, "")),
          networkOfAccount,
        )
        const rpcUrl = Option.isSome(issuerNetwork) ? config.rpcUrls?.[issuerNetwork.value] : undefined
        const fields = yield* verifySiweMessage(message, cacao.s.s, {
          domain: config.domain,
          ...(rpcUrl === undefined ? {} : { rpcUrl }),
        })
        const issuer = `did:pkh:eip155:${fields.chainId}:${fields.address}`
        if (
          cacao.p.iss.toLowerCase() !== issuer.toLowerCase() ||
          cacao.p.domain !== fields.domain ||
          cacao.p.nonce !== fields.nonce
        )
          return yield* new InvalidSiweMessage({ message: "The CACAO does not match the message it signs" })
        const decoded = decodeSession({
          data: siwxDataFromSiwe(fields),
          message,
          signature: cacao.s.s,
          cacao,
        })
        if (Result.isFailure(decoded))
          return yield* new InvalidSiweMessage({
            message: `Invalid sign-in session: ${decoded.failure.message}`,
          })
        yield* store.add(decoded.success)
      })

      return SiwxClient.of({
        createMessage,
        addSession,
        addWalletSignIn,
        getSessions: (chainId, accountAddress) => store.get(chainId, accountAddress),
        revokeSession: (chainId, accountAddress) => store.revoke(chainId, accountAddress),
      })
    }),
  )
