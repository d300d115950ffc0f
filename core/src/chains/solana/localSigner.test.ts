import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Effect, Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { useSolanaDevnet } from "../../testing/solanaDevnet.testSupport"
import { getSolBalance } from "./balance"
import { decodeSolanaKeypair, makeSolanaLocalSigner } from "./localSigner"
import { makeSolanaRpc } from "./rpc/SolanaRpc"
import { SignatureStatusesResult } from "./rpc/schemas"
import { sendSol, submitPreparedTransfer } from "./sendTransfer"
import { prepareSolTransfer } from "./transfer"

const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 })
const secretKeyOf = (seed: Uint8Array) => {
  const secretKey = new Uint8Array(64)
  secretKey.set(seed)
  secretKey.set(ed25519.getPublicKey(seed), 32)
  return secretKey
}
const reasonOf = (text: string) => {
  const decoded = decodeSolanaKeypair(text)
  return Result.isFailure(decoded) ? decoded.failure.reason : "ok"
}

describe("decodeSolanaKeypair", () => {
  it("reads solana-keygen's JSON array and the base58 form of the same 64 bytes as the same key", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const secretKey = secretKeyOf(seed)
        const address = base58.encode(ed25519.getPublicKey(seed))
        const fromJson = Result.getOrThrow(decodeSolanaKeypair(JSON.stringify([...secretKey])))
        const fromBase58 = Result.getOrThrow(decodeSolanaKeypair(` ${base58.encode(secretKey)}\n`))
        expect(fromJson.address).toBe(address)
        expect(fromBase58.address).toBe(address)
        expect(fromJson.secretKey).toEqual(secretKey)
      }),
    )
  })

  it("refuses a key whose public half does not belong to its seed (one byte off)", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 32, max: 63 }), (seed, index) => {
        const secretKey = secretKeyOf(seed)
        secretKey[index] = ((secretKey[index] ?? 0) + 1) % 256
        expect(reasonOf(JSON.stringify([...secretKey]))).toBe("mismatch")
      }),
    )
  })

  it("refuses 63 and 65 bytes, values outside 0-255, and text that is neither JSON nor base58", () => {
    const key = [...secretKeyOf(new Uint8Array(32).fill(7))]
    expect(reasonOf(JSON.stringify(key.slice(0, 63)))).toBe("wrongLength")
    expect(reasonOf(JSON.stringify([...key, 0]))).toBe("wrongLength")
    expect(reasonOf(JSON.stringify([256, ...key.slice(1)]))).toBe("notAKey")
    expect(reasonOf(JSON.stringify([-1, ...key.slice(1)]))).toBe("notAKey")
    expect(reasonOf(JSON.stringify([1.5, ...key.slice(1)]))).toBe("notAKey")
    expect(reasonOf("[1, 2,")).toBe("notAKey")
    expect(reasonOf("0OIl")).toBe("notAKey")
    expect(reasonOf("")).toBe("wrongLength")
    expect(reasonOf(JSON.stringify(key))).toBe("ok")
  })
})

describe("makeSolanaLocalSigner on the local chain", () => {
  const chain = useSolanaDevnet(3)
  const keypairOf = (index: number) => {
    const account = chain.devnet().accounts[index]
    return { address: account?.address as string, secretKey: account?.secretKey as Uint8Array }
  }

  it("signs a message with ed25519 over its bytes, only for its own account", async () => {
    const keypair = keypairOf(0)
    const signer = makeSolanaLocalSigner(keypair, chain.rpc())
    const message = new TextEncoder().encode("hello")
    const reply = (await Effect.runPromise(
      signer.request({
        method: "solana_signMessage",
        params: { message: base58.encode(message), pubkey: keypair.address },
      }),
    )) as { signature: string }
    expect(ed25519.verify(base58.decode(reply.signature), message, base58.decode(keypair.address))).toBe(true)
    const other = await Effect.runPromise(
      Effect.flip(
        signer.request({
          method: "solana_signMessage",
          params: { message: base58.encode(message), pubkey: keypairOf(1).address },
        }),
      ),
    )
    expect(other).toMatchObject({ _tag: "ProviderRpcError", code: 4100 })
  })

  it("signs and sends a SOL transfer: exactly the amount arrives", async () => {
    const keypair = keypairOf(0)
    const to = keypairOf(1).address
    const before = (await Effect.runPromise(getSolBalance(chain.rpc(), to))).lamports
    const signed: Array<string> = []
    const sent = await Effect.runPromise(
      sendSol(
        chain.rpc(),
        makeSolanaLocalSigner(keypair, chain.rpc(), (id) => signed.push(id)),
        {
          from: keypair.address,
          to,
          lamports: 123_456_789n,
        },
      ),
    )
    expect(base58.decode(sent.signature)).toHaveLength(64)
    // The id heard once signed, before the submission's answer, is the one the cluster answered with.
    expect(signed).toEqual([sent.signature])
    expect((await Effect.runPromise(getSolBalance(chain.rpc(), to))).lamports).toBe(before + 123_456_789n)
  })

  it("refuses a transaction it is not a signer of, before anything is sent", async () => {
    const signer = makeSolanaLocalSigner(keypairOf(1), chain.rpc())
    const error = await Effect.runPromise(
      Effect.flip(
        sendSol(chain.rpc(), signer, { from: keypairOf(0).address, to: keypairOf(1).address, lamports: 1n }),
      ),
    )
    expect(error).toMatchObject({ _tag: "ProviderRpcError", code: -32602 })
    expect(error.message).toContain("is not a signer of this transaction")
  })

  const statusOf = async (signature: string) =>
    (
      await Effect.runPromise(
        chain
          .rpc()
          .call(
            "getSignatureStatuses",
            [[signature], { searchTransactionHistory: true }],
            SignatureStatusesResult,
          ),
      )
    ).value[0]

  it("keeps the cluster's refusal typed (its code, words and verdict): not taken, while a taken one is not a refusal", async () => {
    const keypair = keypairOf(2)
    const to = keypairOf(1).address
    const { lamports } = await Effect.runPromise(getSolBalance(chain.rpc(), keypair.address))
    // Both simulate well now; once the first has landed, the second is more than the account holds.
    const prepare = (amount: bigint) =>
      Effect.runPromise(prepareSolTransfer(chain.rpc(), { from: keypair.address, to, lamports: amount }))
    const first = await prepare(lamports / 2n)
    const second = await prepare(lamports / 2n + 1n)
    const signed: Array<string> = []
    const signer = makeSolanaLocalSigner(keypair, chain.rpc(), (id) => signed.push(id))
    await Effect.runPromise(submitPreparedTransfer(signer, first, chain.rpc()))
    const refused = await Effect.runPromise(Effect.flip(submitPreparedTransfer(signer, second, chain.rpc())))
    expect(refused).toMatchObject({ _tag: "SolanaSubmissionRefused", code: -32002 })
    expect(refused.message).toMatch(
      /^The cluster refused the transaction, so it will not land: Transaction simulation failed: /,
    )
    // It was signed (its id known to the caller), and the cluster holds nothing under that id.
    expect(signed).toHaveLength(2)
    expect(await statusOf(signed[1] as string)).toBeNull()

    // The same transaction again: the cluster answers with an error, but it holds that very transaction.
    const again = await Effect.runPromise(Effect.flip(submitPreparedTransfer(signer, first, chain.rpc())))
    expect(again).toMatchObject({ _tag: "SolanaRpcError", data: { err: "AlreadyProcessed" } })
    expect(await statusOf(signed[0] as string)).not.toBeNull()
  })

  /**
   * A SOL transfer from account 2 whose submission reaches the node, which takes it, while its answer is
   * replaced on the way back by `answer` (a Response, or a throw); the failure and the id signed.
   */
  const sendAnsweredBy = async (lamports: bigint, answer: () => Response) => {
    const keypair = keypairOf(2)
    const rpc = makeSolanaRpc(chain.devnet().rpcUrl, {
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init)
        return String(init?.body).includes('"sendTransaction"') ? answer() : response
      },
    })
    const signed: Array<string> = []
    const failure = await Effect.runPromise(
      Effect.flip(
        sendSol(
          chain.rpc(),
          makeSolanaLocalSigner(keypair, rpc, (id) => signed.push(id)),
          {
            from: keypair.address,
            to: keypairOf(0).address,
            lamports,
          },
        ),
      ),
    )
    return { failure, signature: signed[0] as string }
  }

  it("a submission that was never answered is no refusal: the cluster may have taken it (here it did)", async () => {
    // The connection drops once the node has the request: its answer never arrives.
    const { failure, signature } = await sendAnsweredBy(1_000_000n, () => {
      throw new TypeError("fetch failed")
    })
    expect(failure).toMatchObject({ _tag: "HttpTransportError" })
    expect(await statusOf(signature)).not.toBeNull()
  })

  it("an error a gateway may answer after forwarding (-32603, -32000) is no refusal: it may have been taken", async () => {
    for (const code of [-32603, -32000]) {
      // The node's answer is lost upstream; the gateway in front says only that something failed.
      const { failure, signature } = await sendAnsweredBy(
        BigInt(2_000_000 + code),
        () => new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code, message: "upstream" } })),
      )
      expect(failure).toMatchObject({ _tag: "SolanaRpcError", code })
      expect(await statusOf(signature)).not.toBeNull()
    }
  })
})
