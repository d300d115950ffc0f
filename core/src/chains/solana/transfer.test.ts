import { deterministicKeypair, type SolanaKeypair, signedTransaction } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58, base64 } from "@scure/base"
import type { Address, Instruction } from "@solana/kit"
import { createNoopSigner } from "@solana/kit"
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system"
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getFreezeAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getInitializeMultisig2Instruction,
  getMintSize,
  getMintToInstruction,
  getMultisigSize,
  getTokenSize,
  getTransferCheckedInstruction,
} from "@solana-program/token"
import { Effect, Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { splTokenRow } from "../../appkit/actions/solanaTokenRows"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { sendableAmount } from "../../state/heldAmount"
import { useSolanaDevnet } from "../../testing/solanaDevnet.testSupport"
import { decodeSolanaTransaction } from "../../testing/solanaTransactions"
import { networkId } from "../../testing/testkit"
import { associatedTokenAddress } from "./associatedTokenAddress"
import { makeSolanaLocalSigner } from "./localSigner"
import { BalanceResult, LatestBlockhashResult, SignatureStatusesResult, WireU64 } from "./rpc/schemas"
import { sendPreparedTransfer, submitPreparedTransfer } from "./sendTransfer"
import { getSplTokenBalances, type SplTokenBalance } from "./tokenBalances"
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./tokenPrograms"
import { prepareSolTransfer, prepareSplTransfer, readMint, solTransferFeeLamports } from "./transfer"

const solana = useSolanaDevnet()

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect))
const alice = () => solana.address(0)
const bob = () => solana.address(1)

/** Alice's signature over a prepared transfer's message (after the 1-byte count and the 64-byte slot). */
const aliceSigns = (transaction: string) =>
  ed25519.sign(
    base64.decode(transaction).subarray(65),
    solana.devnet().accounts[0]?.secretKey.subarray(0, 32) as Uint8Array,
  )

/** What a slow wallet lets happen: the cluster lands 151 blocks (Bob pays Alice), past any blockhash's life. */
const outliveBlockhash = () => {
  const bobsSigner = makeSolanaLocalSigner(
    { address: bob(), secretKey: solana.devnet().accounts[1]?.secretKey as Uint8Array },
    solana.rpc(),
  )
  return Effect.gen(function* () {
    for (let block = 0; block <= 150; block++) {
      const other = yield* prepareSolTransfer(solana.rpc(), { from: bob(), to: alice(), lamports: 1n })
      yield* submitPreparedTransfer(bobsSigner, other)
    }
  })
}

/** The lamports an account of `space` bytes must hold. */
const rentExempt = (space: bigint) =>
  solana.rpc().call("getMinimumBalanceForRentExemption", [Number(space)], WireU64)

/** Alice pays for and signs (with any new accounts' keys) a transaction the cluster runs now. */
const aliceRuns = (instructions: ReadonlyArray<Instruction>, signers: ReadonlyArray<SolanaKeypair> = []) =>
  Effect.gen(function* () {
    const { value } = yield* solana
      .rpc()
      .call("getLatestBlockhash", [{ commitment: "confirmed" }], LatestBlockhashResult)
    const alicesKeys = solana.devnet().accounts[0] as SolanaKeypair
    const wire = signedTransaction(
      instructions,
      alicesKeys,
      { blockhash: value.blockhash as never, lastValidBlockHeight: value.lastValidBlockHeight },
      signers,
    )
    return yield* solana
      .rpc()
      .call("sendTransaction", [base64.encode(wire), { encoding: "base64" }], Schema.String)
  })

/**
 * A real 1-of-6 multisig of a token program (355 bytes). Its signers are chosen so its bytes line up with a
 * mint's: byte 45 (a mint's "initialized" flag) is 1, and byte 165 (Token-2022's account-type byte) is
 * `typeByte`, which is where a reading that applies Token-2022's byte to any length goes wrong.
 */
const createMultisig = (label: string, programAddress: Address, typeByte: number) => {
  const account = deterministicKeypair(label)
  const signers = Array.from({ length: 6 }, (_, index) => {
    const key = new Uint8Array(32).fill(index + 7)
    if (index === 1) key[10] = 1 // byte 3 + 32 + 10 = 45
    if (index === 5) key[2] = typeByte // byte 3 + 5 × 32 + 2 = 165
    return base58.encode(key) as Address
  })
  const space = BigInt(getMultisigSize())
  return Effect.gen(function* () {
    const lamports = yield* rentExempt(space)
    yield* aliceRuns(
      [
        getCreateAccountInstruction({
          payer: createNoopSigner(alice() as Address),
          newAccount: createNoopSigner(account.address as Address),
          lamports,
          space,
          programAddress,
        }),
        getInitializeMultisig2Instruction(
          { multisig: account.address as Address, m: 1, signers },
          { programAddress },
        ),
      ],
      [account],
    )
    return account.address
  })
}

/**
 * A fresh owner with 1 SOL and tokens of a dev mint spread as a wallet can come to hold them: `inAta` in its
 * associated token account (none when undefined) and `inOthers` each in another token account of its own.
 */
const holderOfSeveralAccounts = (
  label: string,
  mint: { readonly address: string; readonly programAddress: string },
  inAta: bigint | undefined,
  inOthers: ReadonlyArray<bigint>,
) =>
  Effect.gen(function* () {
    const holder = deterministicKeypair(label)
    const owner = holder.address as Address
    const mintAddress = mint.address as Address
    const programAddress = mint.programAddress as Address
    const alicesAta = associatedTokenAddress(alice(), mint.address, mint.programAddress) as Address
    const payer = createNoopSigner(alice() as Address)
    const fund = (destination: Address, amount: bigint) =>
      getTransferCheckedInstruction(
        { source: alicesAta, mint: mintAddress, destination, authority: payer, amount, decimals: 6 },
        { programAddress },
      )
    yield* aliceRuns([getTransferSolInstruction({ source: payer, destination: owner, amount: 10n ** 9n })])
    if (inAta !== undefined) {
      const ata = associatedTokenAddress(owner, mint.address, mint.programAddress) as Address
      yield* aliceRuns([
        getCreateAssociatedTokenIdempotentInstruction({
          payer,
          ata,
          owner,
          mint: mintAddress,
          tokenProgram: programAddress,
        }),
        fund(ata, inAta),
      ])
    }
    const space = BigInt(getTokenSize())
    const lamports = yield* rentExempt(space)
    for (const [index, amount] of inOthers.entries()) {
      const account = deterministicKeypair(`${label}: token account ${index}`)
      yield* aliceRuns(
        [
          getCreateAccountInstruction({
            payer,
            newAccount: createNoopSigner(account.address as Address),
            lamports,
            space,
            programAddress,
          }),
          getInitializeAccount3Instruction(
            { account: account.address as Address, mint: mintAddress, owner },
            { programAddress },
          ),
          fund(account.address as Address, amount),
        ],
        [account],
      )
    }
    return holder
  })

const heldOf = (owner: string, mint: string) =>
  Effect.map(
    getSplTokenBalances(solana.rpc(), owner),
    (all) => all.find((held) => held.mint === mint)?.amount,
  )

/** The holder's transfer of `amount` of `mint` to Bob, prepared. */
const holderToBob = (holder: SolanaKeypair, mint: string, amount: bigint) =>
  prepareSplTransfer(solana.rpc(), { from: holder.address, to: bob(), mint, amount })

/** The holder's transfer to Bob, prepared, signed by its key and sent; Bob's balance rises by the amount. */
const holderSendsBob = (holder: SolanaKeypair, mint: string, amount: bigint) =>
  Effect.gen(function* () {
    const before = (yield* heldOf(bob(), mint)) ?? 0n
    const prepared = yield* holderToBob(holder, mint, amount)
    yield* submitPreparedTransfer(makeSolanaLocalSigner(holder, solana.rpc()), prepared)
    expect(yield* heldOf(bob(), mint)).toBe(before + amount)
    return prepared
  })

describe("preparing Solana transfers", () => {
  it("builds a SOL transfer with exactly the §9 compute budget, paid by the sender", async () => {
    const prepared = await run(
      prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 1_500_000_000n }),
    )
    expect(prepared).toMatchObject({
      computeUnitLimit: 500,
      computeUnitPriceMicroLamports: 20_000_000n,
      createsRecipientTokenAccount: false,
    })
    const decoded = decodeSolanaTransaction(prepared.transaction)
    expect(decoded).toMatchObject({
      computeUnitLimit: 500,
      computeUnitPriceMicroLamports: 20_000_000n,
      feePayer: alice(),
    })
    expect(decoded.programs).toEqual([
      "ComputeBudget111111111111111111111111111111",
      "ComputeBudget111111111111111111111111111111",
      "11111111111111111111111111111111",
    ])
  })

  it("stops a transfer the chain would refuse before any wallet is asked", async () => {
    const poor = deterministicKeypair("no lamports").address
    expect(
      await flip(prepareSolTransfer(solana.rpc(), { from: poor, to: bob(), lamports: 1n })),
    ).toMatchObject({
      _tag: "SolanaSimulationFailed",
    })
    expect(
      await flip(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 10n ** 15n })),
    ).toMatchObject({
      _tag: "SolanaSimulationFailed",
      err: { InstructionError: [2, { Custom: 1 }] },
    })
    expect(
      await flip(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 0n })),
    ).toMatchObject({
      _tag: "SolanaTransferError",
      reason: "nonPositiveAmount",
    })
    expect(
      await flip(prepareSolTransfer(solana.rpc(), { from: alice(), to: "not-an-address", lamports: 1n })),
    ).toMatchObject({
      _tag: "InvalidAddress",
    })
  })

  it("says in words why the chain would refuse a SOL transfer: no SOL for the fee, too few lamports, a recipient below rent", async () => {
    const poor = deterministicKeypair("no lamports").address
    const noFee = await flip(prepareSolTransfer(solana.rpc(), { from: poor, to: bob(), lamports: 1n }))
    expect(noFee.message).toBe(
      'The transaction would fail: the sender has no SOL to pay the fee ("AccountNotFound")',
    )
    const overdraft = await flip(
      prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 10n ** 15n }),
    )
    expect(overdraft.message).toMatch(
      /^The transaction would fail: insufficient funds \(Transfer: insufficient lamports \d+, need 1000000000000000\)$/,
    )
    const fresh = deterministicKeypair("a fresh recipient for rent").address
    const belowRent = await flip(prepareSolTransfer(solana.rpc(), { from: alice(), to: fresh, lamports: 1n }))
    expect(belowRent).toMatchObject({ _tag: "SolanaSimulationFailed", err: { InsufficientFundsForRent: {} } })
    expect(belowRent.message).toBe(
      `The transaction would fail: the recipient ${fresh} would hold less than the rent-exempt minimum: a new account must receive at least 0.00089088 SOL ({"InsufficientFundsForRent":{"account_index":1}})`,
    )
  })

  it("says how much a new account needs, and what the sender must keep, when a SOL transfer would leave one below rent", async () => {
    const fresh = deterministicKeypair("a fresh recipient at the edge of rent").address
    // The rent-exempt minimum itself is enough; one lamport less is not.
    await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: fresh, lamports: 890_880n }))
    const short = await flip(
      prepareSolTransfer(solana.rpc(), { from: alice(), to: fresh, lamports: 890_879n }),
    )
    expect(short.message).toContain(
      `the recipient ${fresh} would hold less than the rent-exempt minimum: a new account must receive at least 0.00089088 SOL`,
    )
    // A sender left with one lamport after the amount and the fee.
    const { value } = await run(
      solana.rpc().call("getBalance", [bob(), { commitment: "confirmed" }], BalanceResult),
    )
    const dust = await flip(
      prepareSolTransfer(solana.rpc(), {
        from: bob(),
        to: alice(),
        lamports: value - solTransferFeeLamports - 1n,
      }),
    )
    expect(dust.message).toBe(
      'The transaction would fail: the sender would keep less than the rent-exempt minimum: keep at least 0.00089088 SOL, or send all but the fee ({"InsufficientFundsForRent":{"account_index":0}})',
    )
  })

  it("refuses a SOL amount beyond u64 (§5) as a typed error, not a crash in the encoder", async () => {
    const tooBig = await flip(
      prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 2n ** 64n }),
    )
    expect(tooBig).toMatchObject({ _tag: "SolanaTransferError", reason: "amountBeyondU64" })
    expect(tooBig.message).toBe("The amount is more than a u64 of base units can hold (18446744073709551616)")
  })

  it("builds an SPL transfer that creates the recipient's token account, sized by simulation, at the §9 price", async () => {
    for (const mint of [solana.devnet().mint, solana.devnet().token2022Mint]) {
      const fresh = deterministicKeypair(`fresh holder of ${mint.address}`).address
      const prepared = await run(
        prepareSplTransfer(solana.rpc(), {
          from: alice(),
          to: fresh,
          mint: mint.address,
          amount: 2_500_000n,
        }),
      )
      expect(prepared.createsRecipientTokenAccount).toBe(true)
      expect(prepared.computeUnitPriceMicroLamports).toBe(20_000_000n)
      const decoded = decodeSolanaTransaction(prepared.transaction)
      expect(decoded.programs.slice(2)).toEqual([
        "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
        mint.programAddress,
      ])
      expect(decoded.computeUnitLimit).toBe(prepared.computeUnitLimit)
      expect(prepared.computeUnitLimit).toBeGreaterThan(500)
      expect(prepared.computeUnitLimit).toBeLessThanOrEqual(1_400_000)

      const toHolder = await run(
        prepareSplTransfer(solana.rpc(), { from: alice(), to: bob(), mint: mint.address, amount: 1n }),
      )
      expect(toHolder.createsRecipientTokenAccount).toBe(false)
      expect(decodeSolanaTransaction(toHolder.transaction).programs.slice(2)).toEqual([mint.programAddress])
    }
  })

  it("says why an SPL transfer cannot be built: not a mint, no token account, too few tokens", async () => {
    const transfer = { from: alice(), to: bob(), mint: solana.devnet().mint.address, amount: 1n }
    expect(await flip(prepareSplTransfer(solana.rpc(), { ...transfer, mint: bob() }))).toMatchObject({
      reason: "notATokenMint",
    })
    expect(
      await flip(
        prepareSplTransfer(solana.rpc(), { ...transfer, mint: deterministicKeypair("no such mint").address }),
      ),
    ).toMatchObject({
      reason: "notATokenMint",
    })
    const stranger = deterministicKeypair("holds no tokens").address
    expect(await flip(prepareSplTransfer(solana.rpc(), { ...transfer, from: stranger }))).toMatchObject({
      reason: "senderHasNoTokenAccount",
    })
    const tooMuch = await flip(prepareSplTransfer(solana.rpc(), { ...transfer, amount: 10n ** 12n + 1n }))
    expect(tooMuch).toMatchObject({ reason: "insufficientTokenBalance" })
    expect(tooMuch.message).toBe("The sender holds fewer tokens than the amount (holds 1000000)")
  })

  it("does not take a token account for a mint (its bytes would read as a mint of 59 decimals)", async () => {
    for (const mint of [solana.devnet().mint, solana.devnet().token2022Mint]) {
      const tokenAccount = associatedTokenAddress(bob(), mint.address, mint.programAddress)
      expect(await flip(readMint(solana.rpc(), tokenAccount))).toMatchObject({
        _tag: "SolanaTransferError",
        reason: "notATokenMint",
        detail: tokenAccount,
      })
      expect(await run(readMint(solana.rpc(), mint.address))).toEqual({
        decimals: 6,
        tokenProgram: mint.programAddress,
      })
    }
  })

  it("does not take a token program's multisig (355 bytes) for a mint or a token account, whatever its byte 165", async () => {
    for (const programAddress of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS] as const) {
      const asMint = await run(
        createMultisig(`multisig like a mint of ${programAddress}`, programAddress as Address, 1),
      )
      expect(await flip(readMint(solana.rpc(), asMint))).toMatchObject({
        _tag: "SolanaTransferError",
        reason: "notATokenMint",
        detail: asMint,
      })
      const asAccount = await run(
        createMultisig(`multisig like a token account of ${programAddress}`, programAddress as Address, 2),
      )
      // As a recipient it is a program's account, not a token account with some owner read from its signers.
      expect(
        await flip(
          prepareSplTransfer(solana.rpc(), {
            from: alice(),
            to: asAccount,
            mint: solana.devnet().mint.address,
            amount: 1n,
          }),
        ),
      ).toMatchObject({ _tag: "SolanaTransferError", reason: "recipientNotAWallet", detail: programAddress })
    }
  })

  it("sends every token the balance shows, from the associated account first and then the owner's other accounts of the mint", async () => {
    for (const mint of [solana.devnet().mint, solana.devnet().token2022Mint]) {
      const holder = await run(
        holderOfSeveralAccounts(`holder of three accounts of ${mint.address}`, mint, 3_000_000n, [
          1_000_000n,
          4_000_000n,
        ]),
      )
      // What the balance view shows is what can be sent: one base unit more cannot.
      expect(await run(heldOf(holder.address, mint.address))).toBe(8_000_000n)
      const tooMuch = await flip(holderToBob(holder, mint.address, 8_000_001n))
      expect(tooMuch).toMatchObject({ reason: "insufficientTokenBalance" })
      expect(tooMuch.message).toBe("The sender holds fewer tokens than the amount (holds 8)")

      // 7 tokens: the associated account's 3, then the largest other account's 4; the 1 stays.
      const prepared = await run(holderSendsBob(holder, mint.address, 7_000_000n))
      expect(decodeSolanaTransaction(prepared.transaction).programs.slice(2)).toEqual([
        mint.programAddress,
        mint.programAddress,
      ])
      expect(await run(heldOf(holder.address, mint.address))).toBe(1_000_000n)
      const left = await run(getSplTokenBalances(solana.rpc(), holder.address))
      expect(left.find((held) => held.mint === mint.address)?.tokenAccounts).toHaveLength(3)
    }
  })

  it("sends from an owner's token account that is not its associated one when it has no associated account", async () => {
    const { mint } = solana.devnet()
    const holder = await run(
      holderOfSeveralAccounts("holder without an associated account", mint, undefined, [2_000_000n]),
    )
    await run(holderSendsBob(holder, mint.address, 2_000_000n))
    expect(await run(heldOf(holder.address, mint.address))).toBe(0n)
  })

  it("leaves a frozen token account out of what a send spends from (it cannot send)", async () => {
    // A mint whose freeze authority is Alice, with 1 000 tokens in her associated account.
    const mintKeys = deterministicKeypair("a mint Alice can freeze")
    const mint = { address: mintKeys.address, programAddress: TOKEN_PROGRAM_ADDRESS }
    const alices = createNoopSigner(alice() as Address)
    const space = BigInt(getMintSize())
    const aliceAta = associatedTokenAddress(alice(), mint.address, mint.programAddress) as Address
    await run(
      Effect.gen(function* () {
        const lamports = yield* rentExempt(space)
        yield* aliceRuns(
          [
            getCreateAccountInstruction({
              payer: alices,
              newAccount: createNoopSigner(mintKeys.address as Address),
              lamports,
              space,
              programAddress: TOKEN_PROGRAM_ADDRESS as Address,
            }),
            getInitializeMint2Instruction({
              mint: mintKeys.address as Address,
              decimals: 6,
              mintAuthority: alice() as Address,
              freezeAuthority: alice() as Address,
            }),
            getCreateAssociatedTokenIdempotentInstruction({
              payer: alices,
              ata: aliceAta,
              owner: alice() as Address,
              mint: mintKeys.address as Address,
            }),
            getMintToInstruction({
              mint: mintKeys.address as Address,
              token: aliceAta,
              mintAuthority: alices,
              amount: 10n ** 9n,
            }),
          ],
          [mintKeys],
        )
      }),
    )
    // No associated account; 5 tokens in a frozen account, 2 in another.
    const holder = await run(
      holderOfSeveralAccounts("holder with a frozen account", mint, undefined, [5_000_000n, 2_000_000n]),
    )
    await run(
      aliceRuns([
        getFreezeAccountInstruction({
          account: deterministicKeypair("holder with a frozen account: token account 0").address as Address,
          mint: mintKeys.address as Address,
          owner: alices,
        }),
      ]),
    )
    // The balance keeps the total and tells the frozen part, so its Max is what the send below allows.
    const [held] = await run(getSplTokenBalances(solana.rpc(), holder.address))
    expect(held).toMatchObject({ amount: 7_000_000n, frozen: 5_000_000n })
    const row = splTokenRow(networkId("solana:litesvm"), held as SplTokenBalance)
    expect(row.quantity).toEqual({ decimals: "6", numeric: "7", frozen: "5" })
    expect(Result.getOrThrow(sendableAmount(row.quantity))).toBe("2")
    const refused = await flip(holderToBob(holder, mint.address, 2_000_001n))
    expect(refused.message).toBe("The sender holds fewer tokens than the amount (holds 2)")
    await run(holderSendsBob(holder, mint.address, 2_000_000n))
  })

  it("says how much fits one transaction when the amount is spread over more token accounts than one can spend from", async () => {
    const { mint } = solana.devnet()
    const holder = await run(
      holderOfSeveralAccounts(
        "holder of many small accounts",
        mint,
        undefined,
        Array.from({ length: 30 }, () => 1_000n),
      ),
    )
    const refused = await flip(holderToBob(holder, mint.address, 30_000n))
    expect(refused).toMatchObject({ _tag: "SolanaTransferError", reason: "tooManyTokenAccounts" })
    const fits = /\(at most (0\.\d+) in one transaction\)$/.exec(refused.message)?.[1] as string
    expect(refused.message).toBe(
      `The amount is spread over more of the sender's token accounts than one transaction can spend from (at most ${fits} in one transaction)`,
    )
    const fitting = BigInt(Math.round(Number(fits) * 1e6))
    expect(fitting).toBeGreaterThan(0n)
    // Right on the edge: one base unit more needs one more account, and does not fit.
    expect(await flip(holderToBob(holder, mint.address, fitting + 1n))).toMatchObject({
      reason: "tooManyTokenAccounts",
    })
    await run(holderSendsBob(holder, mint.address, fitting))
  })

  it("refuses an SPL transfer to a token account (its owner's associated account would get tokens nobody can move)", async () => {
    for (const mint of [solana.devnet().mint, solana.devnet().token2022Mint]) {
      const bobsTokenAccount = associatedTokenAddress(bob(), mint.address, mint.programAddress)
      const refused = await flip(
        prepareSplTransfer(solana.rpc(), {
          from: alice(),
          to: bobsTokenAccount,
          mint: mint.address,
          amount: 1n,
        }),
      )
      expect(refused).toMatchObject({ _tag: "SolanaTransferError", reason: "recipientIsTokenAccount" })
      expect(refused.message).toBe(
        `The recipient is a token account, not a wallet: send to its owner (${bob()})`,
      )
    }
  })

  it("refuses an SPL transfer to an account a program owns (a mint here), as spl-token does", async () => {
    const { mint } = solana.devnet()
    const refused = await flip(
      prepareSplTransfer(solana.rpc(), { from: alice(), to: mint.address, mint: mint.address, amount: 1n }),
    )
    expect(refused).toMatchObject({ _tag: "SolanaTransferError", reason: "recipientNotAWallet" })
    expect(refused.message).toBe(
      `The recipient is not a wallet: its account belongs to a program (${mint.programAddress})`,
    )
  })

  it("refuses a wallet reply without a signature instead of waiting on it", async () => {
    const prepared = await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 1n }))
    const wallet = { request: () => Effect.succeed({ signature: 42 }) }
    expect(await flip(sendPreparedTransfer(solana.rpc(), wallet, prepared))).toMatchObject({
      _tag: "ProviderRpcError",
      code: -32603,
    })
    // base58 text of the right length that is not 64 bytes is no transaction id either
    for (const [bytes, fill] of [
      [63, 200],
      [65, 1],
    ] as const) {
      const signature = base58.encode(new Uint8Array(bytes).fill(fill))
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      const odd = { request: () => Effect.succeed({ signature }) }
      expect(
        await flip(sendPreparedTransfer(solana.rpc(), odd, prepared, { timeout: "1 second" })),
      ).toMatchObject({ _tag: "ProviderRpcError", code: -32603 })
    }
  })

  it("has a wallet that only signs (4200 to signAndSend) sign, and sends through the node; without a node the 4200 stands", async () => {
    const prepared = await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 7n }))
    const key = solana.devnet().accounts[0]?.secretKey.subarray(0, 32) as Uint8Array
    const asked: Array<string> = []
    const signingOnly = {
      request: (rpc: { readonly method: string }) => {
        asked.push(rpc.method)
        if (rpc.method !== "solana_signTransaction")
          return Effect.fail(
            new ProviderRpcError({ code: 4200, message: `The wallet does not support ${rpc.method}` }),
          )
        // Only the signature, as WalletConnect's Solana RPC has solana_signTransaction answer.
        const message = base64.decode(prepared.transaction).subarray(65)
        return Effect.succeed({ signature: base58.encode(ed25519.sign(message, key)) })
      },
    }
    const sent = await run(sendPreparedTransfer(solana.rpc(), signingOnly, prepared))
    expect(asked).toEqual(["solana_signAndSendTransaction", "solana_signTransaction"])
    const status = await run(
      solana.rpc().call("getSignatureStatuses", [[sent.signature]], SignatureStatusesResult),
    )
    expect(status.value[0]).toMatchObject({ err: null })
    expect(await flip(submitPreparedTransfer(signingOnly, prepared))).toMatchObject({ code: 4200 })
  })

  it("says the blockhash expired when a signing-only wallet answers after it has (the cluster refuses it)", async () => {
    const prepared = await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 11n }))
    const slowWallet = {
      request: (rpc: { readonly method: string }) =>
        rpc.method === "solana_signTransaction"
          ? // While the user makes up their mind, the cluster moves past the blockhash's 150 blocks.
            Effect.as(outliveBlockhash(), { signature: base58.encode(aliceSigns(prepared.transaction)) })
          : Effect.fail(new ProviderRpcError({ code: 4200, message: "signs only" })),
    }
    const refused = await flip(submitPreparedTransfer(slowWallet, prepared, solana.rpc()))
    expect(refused).toMatchObject({ _tag: "SolanaSubmissionRefused", err: "BlockhashNotFound" })
    expect(refused.message).toBe(
      "The cluster refused the transaction, so it will not land: its blockhash expired before the cluster got it (signing took too long); send it again",
    )
  }, 30_000)

  it("says a transfer a wallet sent without preflight after its blockhash expired will not land", async () => {
    const prepared = await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 13n }))
    // A wallet that takes its time, then sends skipping preflight: the node answers with the id, and drops it.
    const skippingWallet = {
      request: () =>
        Effect.gen(function* () {
          yield* outliveBlockhash()
          const wire = base64.decode(prepared.transaction)
          wire.set(aliceSigns(prepared.transaction), 1)
          const signature = yield* solana
            .rpc()
            .call(
              "sendTransaction",
              [base64.encode(wire), { encoding: "base64", skipPreflight: true }],
              Schema.String,
            )
          return { signature }
        }),
    }
    const expired = await flip(
      sendPreparedTransfer(solana.rpc(), skippingWallet, prepared, { timeout: "1 second" }),
    )
    expect(expired).toMatchObject({ _tag: "SolanaTransactionExpired" })
    expect(expired.message).toMatch(
      /was not taken before its blockhash expired: it will not land; send it again$/,
    )
  }, 30_000)

  it("says the cluster refused what a signing-only wallet signed wrongly: nothing will land", async () => {
    const prepared = await run(prepareSolTransfer(solana.rpc(), { from: alice(), to: bob(), lamports: 9n }))
    // Bob's key signs Alice's transaction: the node's signature check refuses it.
    const key = solana.devnet().accounts[1]?.secretKey.subarray(0, 32) as Uint8Array
    const wrongKey = {
      request: (rpc: { readonly method: string }) =>
        rpc.method === "solana_signTransaction"
          ? Effect.succeed({
              signature: base58.encode(ed25519.sign(base64.decode(prepared.transaction).subarray(65), key)),
            })
          : Effect.fail(new ProviderRpcError({ code: 4200, message: "signs only" })),
    }
    const refused = await flip(submitPreparedTransfer(wrongKey, prepared, solana.rpc()))
    expect(refused).toMatchObject({ _tag: "SolanaSubmissionRefused", code: -32003 })
    expect(refused.message).toMatch(/^The cluster refused the transaction, so it will not land: /)
  })
})
