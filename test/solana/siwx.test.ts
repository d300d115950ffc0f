import { Storage } from "@appkit/core"
import { SiwxClient, SiwxSessionStore, siwxClient } from "@appkit/core/siwx"
import { type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ConnectedDevWallet, discoverDevWallet } from "./support"

// SIWX on Solana end to end: the sign-in client writes the message, the dev wallet signs it through the
// connector (solana_signMessage → solana:signMessage), and the client verifies the ed25519 signature.

let devnet: SolanaDevnet
let wallet: ConnectedDevWallet
let address: string
beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 1 })
  wallet = await discoverDevWallet(devnet)
  const connection = await Effect.runPromise(wallet.connector.connect())
  address = connection.accounts[0]?.split(":")[2] ?? ""
})
afterAll(async () => {
  await wallet?.close()
  await devnet?.stop()
})

const signIn = Effect.gen(function* () {
  const client = yield* SiwxClient
  const { data, message } = yield* client.createMessage({ chainId: devnet.chainId, accountAddress: address })
  const reply = (yield* wallet.connector.request({
    method: "solana_signMessage",
    params: { message: base58.encode(new TextEncoder().encode(message)), pubkey: address },
  })) as { signature: string }
  return { data, message, signature: reply.signature }
})

const run = <A, E>(effect: Effect.Effect<A, E, SiwxClient>) =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        siwxClient({
          domain: "localhost:3000",
          uri: "http://localhost:3000",
          statement: "Sign in to the dev app",
        }).pipe(Layer.provide(SiwxSessionStore.layer), Layer.provide(Storage.memory)),
      ),
    ),
  )

describe("Sign-In With Solana through the dev wallet", () => {
  it("verifies the wallet's signature and keeps the session; a tampered message is refused", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const tampered = yield* signIn
        const refused = yield* Effect.flip(
          client.addSession({ ...tampered, message: tampered.message.replace("dev app", "evil app") }),
        )
        const session = yield* signIn
        yield* client.addSession(session)
        return { refused, session, stored: yield* client.getSessions(devnet.chainId, address) }
      }),
    )
    expect(outcome.session.message.split("\n").slice(0, 2)).toEqual([
      "localhost:3000 wants you to sign in with your Solana account:",
      address,
    ])
    expect((outcome.refused as { _tag: string })._tag).toBe("InvalidSiweMessage")
    expect(outcome.stored).toHaveLength(1)
    expect(wallet.dev.requests.filter((request) => request.method === "solana:signMessage")).toHaveLength(2)
  })

  it("refuses a signature the wallet made over another message", async () => {
    const error = await run(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const first = yield* signIn
        const second = yield* signIn
        // The second message's signature on the first message: same account, same dApp, wrong bytes.
        return yield* Effect.flip(client.addSession({ ...first, signature: second.signature }))
      }),
    )
    expect((error as { _tag: string })._tag).toBe("SiweInvalidSignature")
  })
})
