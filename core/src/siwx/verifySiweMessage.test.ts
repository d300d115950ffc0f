import { type Anvil, startAnvil } from "@appkit/fixtures"
import { Effect, Exit, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contractWalletCode, installCode, startBrokenNode } from "../testing/contractWallet"
import { testSigner } from "../testing/personalSign"
import { loadVectors, type Vector } from "../testing/vectors"
import { toChecksumAddress } from "../validation/address/evm"
import { hashPersonalMessage } from "./eip191"
import { createSiweMessage, formatSiweMessage } from "./SiweMessage"
import { type VerifySiweOptions, verifySiweMessage } from "./verifySiweMessage"

interface VerifyVector extends Vector {
  readonly input: { readonly message: string; readonly signature: string }
  readonly verify_params: VerifySiweOptions
}

const run = (message: string, signature: string, options: VerifySiweOptions) =>
  Effect.runPromiseExit(verifySiweMessage(message, signature, options))

type Failure = { readonly _tag: string; readonly message: string }
const errorOf = (exit: Exit.Exit<unknown, Failure>) => Option.getOrUndefined(Exit.findErrorOption(exit))
/** "success", the failure's tag, or "defect": one comparable value per outcome. */
const errorTag = (exit: Exit.Exit<unknown, Failure>) =>
  Exit.isSuccess(exit) ? "success" : (errorOf(exit)?._tag ?? "defect")

describe("siwe-verify-positive.json", () => {
  for (const vector of loadVectors<VerifyVector>("siwe-verify-positive.json").vectors) {
    const needsMainnet = vector.id.startsWith("EIP-1271")
    it.skipIf(needsMainnet)(
      needsMainnet ? `${vector.id} (skipped: needs Ethereum mainnet contract state)` : vector.id,
      async () => {
        const exit = await run(vector.input.message, vector.input.signature, vector.verify_params)
        expect(errorTag(exit)).toBe("success")
      },
    )
  }
})

describe("siwe-verify-negative.json", () => {
  // Where the signature itself is good, the refusal must come from the rule the vector is about.
  const expectedTag: Record<string, string> = {
    "expired message": "SiweExpired",
    "domain binding": "SiweDomainMismatch",
    "custom time": "SiweExpired",
    "custom nonce": "SiweNonceMismatch",
    "malformed signature": "SiweInvalidSignature",
    "wrong signature": "SiweInvalidSignature",
    "not yet valid": "SiweNotYetValid",
    // Its time option is the same impossible date: an argument is checked before the content (see below).
    "invalid issuedAt": "InvalidVerifyTime",
    "invalid notBefore": "InvalidSiweMessage",
    "invalid expirationTime": "InvalidSiweMessage",
  }
  for (const vector of loadVectors<VerifyVector>("siwe-verify-negative.json").vectors) {
    it(vector.id, async () => {
      const exit = await run(vector.input.message, vector.input.signature, vector.verify_params)
      expect(errorTag(exit)).toBe(expectedTag[vector.id])
    })
  }

  it("invalid issuedAt, checked at a real time: the message itself is refused", async () => {
    const vector = loadVectors<VerifyVector>("siwe-verify-negative.json").vectors.find(
      ({ id }) => id === "invalid issuedAt",
    )
    if (vector === undefined) throw new Error("siwe-verify-negative.json has no 'invalid issuedAt'")
    const exit = await run(vector.input.message, vector.input.signature, { time: "2022-02-28T17:09:38.578Z" })
    expect(errorTag(exit)).toBe("InvalidSiweMessage")
  })
})

const { address: signerAddress, personalSign } = testSigner("appkit siwe test key")

/** Signed-in fields within 2030-01-01T00:00Z..00:10Z; `change` swaps any of them. */
const fieldsWith = (change: Record<string, unknown>) =>
  Result.getOrThrow(
    createSiweMessage({
      domain: "app.example",
      address: signerAddress,
      uri: "https://app.example/login",
      version: "1",
      chainId: 1,
      nonce: "abcdef1234",
      issuedAt: "2030-01-01T00:00:00Z",
      notBefore: "2030-01-01T00:00:00Z",
      expirationTime: "2030-01-01T00:10:00Z",
      ...change,
    }),
  )
const messageFor = (domain: string) => formatSiweMessage(fieldsWith({ domain }))
const message = messageFor("app.example")

describe("verifySiweMessage", () => {
  it("accepts a fresh personal_sign signature with v as 27/28 or 0/1", async () => {
    const options = { time: "2030-01-01T00:05:00Z", domain: "app.example", nonce: "abcdef1234" }
    expect(errorTag(await run(message, personalSign(message), options))).toBe("success")
    expect(errorTag(await run(message, personalSign(message, 0), options))).toBe("success")
  })

  it("names the signer when the signature is someone else's", async () => {
    const exit = await run(message.replace("abcdef1234", "abcdef1235"), personalSign(message), {
      time: "2030-01-01T00:05:00Z",
    })
    expect(errorOf(exit)?.message).toMatch(/Invalid signature: it was made by 0x[0-9a-fA-F]{40}, not/)
  })

  it("checks the window against the Clock when no time is given", async () => {
    const signature = personalSign(message)
    const at = (iso: string) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.parse(iso))
        return yield* Effect.exit(verifySiweMessage(message, signature))
      }).pipe(Effect.provide(TestClock.layer()), Effect.runPromise)
    expect(errorTag(await at("2029-12-31T23:59:59.999Z"))).toBe("SiweNotYetValid")
    expect(errorTag(await at("2030-01-01T00:00:00Z"))).toBe("success")
    expect(errorTag(await at("2030-01-01T00:09:59.999Z"))).toBe("success")
    expect(errorTag(await at("2030-01-01T00:10:00Z"))).toBe("SiweExpired")
  })

  it("refuses an impossible time option as a caller error", async () => {
    expect(errorTag(await run(message, personalSign(message), { time: "2030-02-30T00:00:00Z" }))).toBe(
      "InvalidVerifyTime",
    )
  })

  it("reports an unreachable EIP-1271 RPC as such, not as a bad signature", async () => {
    const wrongSigner = personalSign(message.replace("abcdef1234", "zzzzzzzz12"))
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    const exit = await run(message, wrongSigner, {
      time: "2030-01-01T00:05:00Z",
      rpcUrl: "http://127.0.0.1:9",
    })
    expect(errorTag(exit)).toBe("SiweRpcError")
  })
})

describe("domain binding", () => {
  const expected = "app.example"
  const inWindow = "2030-01-01T00:05:00Z"
  /** Text around the expected domain that makes another site: a look-alike host, a subdomain, a port. */
  const before = fc.oneof(
    fc.constantFrom("evil-", "sub.", "x", "www.", "evil.", "app."),
    fc.stringMatching(/^[a-z0-9]{1,6}[.-]$/),
  )
  const after = fc.oneof(
    fc.constantFrom(".evil", "x", "-evil.example", ":8080", ".example"),
    fc.stringMatching(/^[.-][a-z0-9]{1,6}$/),
  )
  const lookalike = fc
    .tuple(fc.option(before, { nil: "" }), fc.option(after, { nil: "" }))
    .filter(([prefix, suffix]) => prefix !== "" || suffix !== "")
    .map(([prefix, suffix]) => `${prefix}${expected}${suffix}`)

  it("refuses a message for a domain that contains, starts or ends with the expected one", async () => {
    await fc.assert(
      fc.asyncProperty(lookalike, async (domain) => {
        const signed = messageFor(domain)
        const signature = personalSign(signed)
        const exit = await run(signed, signature, { time: inWindow, domain: expected })
        expect(errorTag(exit)).toBe("SiweDomainMismatch")
        expect(errorOf(exit)?.message).toBe(`Domain mismatch: expected ${expected}, got ${domain}`)
        // The signature is good: the domain is the only reason for the refusal.
        expect(errorTag(await run(signed, signature, { time: inWindow, domain }))).toBe("success")
      }),
      { numRuns: 40 },
    )
  })

  it.each(["evil-app.example", "app.example.evil", "sub.app.example", "app.example:8080", "pp.example"])(
    "refuses %s for app.example",
    async (domain) => {
      const signed = messageFor(domain)
      const exit = await run(signed, personalSign(signed), { time: inWindow, domain: expected })
      expect(errorTag(exit)).toBe("SiweDomainMismatch")
    },
  )
})

describe("verifySiweMessage signature verdicts", () => {
  const inWindow = { time: "2030-01-01T00:05:00Z" }

  it("verifies a message given as fields as it verifies its text", async () => {
    const fields = fieldsWith({})
    const exit = await Effect.runPromiseExit(
      verifySiweMessage(fields, personalSign(formatSiweMessage(fields)), inWindow),
    )
    expect(Exit.isSuccess(exit) && exit.value.address).toBe(signerAddress)
  })

  it("says a signature that recovers to no key is malformed", async () => {
    for (const signature of ["0x", `0x${"00".repeat(65)}`, `0x${"ab".repeat(64)}1d`]) {
      expect(errorOf(await run(message, signature, inWindow))?.message).toBe(
        "Invalid signature: it is malformed",
      )
    }
  })

  it("with an RPC URL, refuses a signature that is not whole hex bytes before asking any node", async () => {
    const bytes = "ab".repeat(65)
    for (const signature of [
      `0x${bytes}a`,
      `x0x${bytes}`,
      `0x${bytes}zz`,
      `${bytes}`,
      `0x${bytes.slice(2)}g1`,
    ]) {
      const exit = await run(message, signature, { ...inWindow, rpcUrl: "http://127.0.0.1:9" })
      expect(errorOf(exit)).toMatchObject({
        _tag: "SiweInvalidSignature",
        message: "Invalid signature: not hex bytes",
      })
    }
  })

  it("names the node it could not reach", async () => {
    const wrongSigner = personalSign(message.replace("abcdef1234", "zzzzzzzz12"))
    const exit = await run(message, wrongSigner, { ...inWindow, rpcUrl: "http://127.0.0.1:9" })
    expect(errorOf(exit)).toEqual(
      expect.objectContaining({
        _tag: "SiweRpcError",
        message: "Could not reach http://127.0.0.1:9 for EIP-1271",
      }),
    )
  })

  it("bounds the EIP-1271 call by rpcTimeoutMs: a later answer, even a yes, is not waited for", async () => {
    // The node would answer the EIP-1271 magic value (a yes) after 2 s, well past the 50 ms bound.
    const node = await startBrokenNode({ result: `0x1626ba7e${"0".repeat(56)}`, afterMs: 2_000 })
    try {
      const exit = await run(message, `0x${"ab".repeat(65)}`, {
        ...inWindow,
        rpcUrl: node.rpcUrl,
        rpcTimeoutMs: 50,
      })
      expect(errorOf(exit)).toMatchObject({
        _tag: "SiweRpcError",
        message: `Could not reach ${node.rpcUrl} for EIP-1271`,
      })
    } finally {
      await node.stop()
    }
  })

  it("reports an RPC URL the client cannot use as an RPC error naming it", async () => {
    const exit = await run(message, `0x${"ab".repeat(65)}`, { ...inWindow, rpcUrl: "" })
    expect(errorOf(exit)?._tag).toBe("SiweRpcError")
    expect(errorOf(exit)?.message).toMatch(/^EIP-1271 check through {2}failed: \S/)
  })
})

describe("verifySiweMessage with EIP-1271 contract wallets on anvil", () => {
  let anvil: Anvil
  const wallet = toChecksumAddress("0x00000000000000000000000000000000000c0de1")
  const walletMessage = (nonce: string) => formatSiweMessage(fieldsWith({ address: wallet, nonce }))
  const approved = walletMessage("approved12")
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 1 })
    await installCode(anvil.rpcUrl, wallet, contractWalletCode.acceptingHash(hashPersonalMessage(approved)))
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  // Bytes that recover to some EOA other than the wallet, so the contract decides.
  const signature = testSigner("not the wallet").personalSign("x")
  const options = () => ({ time: "2030-01-01T00:05:00Z", rpcUrl: anvil.rpcUrl })

  it("accepts what the wallet's contract accepts, and only with an RPC URL", async () => {
    const exit = await run(approved, signature, options())
    expect(Exit.isSuccess(exit) && exit.value.address).toBe(wallet)
    expect(errorTag(await run(approved, signature, { time: "2030-01-01T00:05:00Z" }))).toBe(
      "SiweInvalidSignature",
    )
  })

  it("accepts any whole hex bytes the contract accepts, not only 65-byte signatures", async () => {
    expect(errorTag(await run(approved, `0x${"cd".repeat(20)}`, options()))).toBe("success")
  })

  it("refuses what the contract refuses, naming the wallet", async () => {
    const exit = await run(walletMessage("refused123"), signature, options())
    expect(errorOf(exit)).toMatchObject({
      _tag: "SiweInvalidSignature",
      message: `Invalid signature: neither ${wallet}'s key nor its EIP-1271 contract accepts it`,
    })
  })
})
