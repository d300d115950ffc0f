import type { CaipNetworkId, ConnectorError } from "@appkit/core"
import {
  getSolBalance,
  makeSolanaLocalSigner,
  prepareSolTransfer,
  prepareSplTransfer,
  readMint,
  type SolanaLocalKeypair,
  type SolanaRpc,
  type SolanaRpcCallError,
  SolanaSubmissionRefused,
  SolanaTransactionExpired,
  type SolanaWallet,
  signSolanaMessage,
  submitPreparedTransfer,
  waitForSolanaSignature,
} from "@appkit/core/solana"
import { formatUnits, isU64, MAX_DECIMALS } from "@appkit/core/validation"
import { Effect, Result } from "effect"
import { readDuration } from "../duration"
import { readMessage } from "../input"
import { readAddress, readAmount, readChain } from "../inputs"
import { interruptible } from "../interrupt"
import { CliError, ExitCode, invalidInput, printJson, printLine } from "../output"
import {
  sentButUnconfirmed,
  sentWithoutOutcome,
  signedButFailed,
  signedWithoutAnswer,
  submittedWithoutAnswer,
} from "../sentUnconfirmed"
import { readConnection } from "../session"
import { loadSolanaKeypair, resolveSolanaTarget, type SolanaTargetOptions } from "../solanaTarget"
import { withSpinner } from "../spinner"

/**
 * `balance`, `send` and `sign message` with `--chain solana:…`: the same commands on a Solana cluster, signed
 * by a local key (--keypair FILE / APPKIT_SOLANA_KEY) or else the stored WalletConnect session's Solana
 * account. Every transfer carries the §9 compute budget and is simulated before it is signed.
 */

interface SolanaCommandOptions extends SolanaTargetOptions {
  readonly timeout?: string | undefined
  readonly json?: boolean | undefined
}

interface SolanaSigner {
  readonly address: string
  readonly wallet: SolanaWallet<ConnectorError | SolanaSubmissionRefused | SolanaRpcCallError>
  readonly walletName: string | undefined
  readonly explainFailure: (error: unknown) => unknown
  /** The id of the transaction signed here (a local key), known before its submission is answered. */
  readonly signedAs: () => string | undefined
  readonly close: () => Promise<void>
}

/**
 * The local key when given, else the stored WalletConnect session's account on `caip2`. `rpc` is where a
 * local key sends what it signs (a message needs none).
 */
const openSolanaSigner = async (
  keypair: SolanaLocalKeypair | undefined,
  options: SolanaCommandOptions,
  caip2: CaipNetworkId,
  rpc?: SolanaRpc,
): Promise<SolanaSigner> => {
  if (keypair !== undefined) {
    let signature: string | undefined
    return {
      address: keypair.address,
      wallet: makeSolanaLocalSigner(keypair, rpc, (signed) => {
        signature = signed
      }),
      walletName: undefined,
      explainFailure: (error) => error,
      signedAs: () => signature,
      close: async () => {},
    }
  }
  const stored = readConnection()
  // (the EVM signers' words, --private-key / --keystore, would send the user the wrong way here)
  if (stored?.kind !== "walletconnect")
    throw new CliError(
      `Not connected on ${caip2}: pass --keypair FILE (or APPKIT_SOLANA_KEY), or run \`appkit-cli connect --chain ${caip2}\``,
      { code: "NotConnected" },
    )
  if (!stored.accounts.some((account) => account.startsWith(`${caip2}:`)))
    throw new CliError(
      `The connected wallet has no account on ${caip2}: run \`appkit-cli connect --chain ${caip2}\`, or pass --keypair FILE (or APPKIT_SOLANA_KEY)`,
      { code: "NotConnected" },
    )
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const { openStoredWalletConnect } = await import("../walletSession")
  const session = await openStoredWalletConnect({ chainId: caip2, requestTimeoutMs })
  return {
    address: session.address,
    wallet: {
      request: (request) =>
        Effect.tryPromise({ try: () => session.request(request), catch: (error) => error as ConnectorError }),
    },
    walletName: session.walletName,
    explainFailure: session.explainFailure,
    signedAs: () => undefined,
    close: session.close,
  }
}

/** Runs a core effect; its typed error is what the user reads (tag as code, message as line). */
const run = <A, E>(effect: Effect.Effect<A, E>): Promise<A> => Effect.runPromise(effect)

export const solanaBalanceAction = async (
  positional: string | undefined,
  options: SolanaCommandOptions & { readonly address?: string | undefined },
): Promise<void> => {
  if (positional !== undefined && options.address !== undefined && positional !== options.address)
    throw new CliError("Give the address once: as ADDRESS or as --address", { code: "UsageError" })
  const given = positional ?? options.address
  let owner =
    given === undefined
      ? undefined
      : readAddress(given, positional !== undefined ? "ADDRESS" : "--address", "solana")
  owner ??= (await loadSolanaKeypair(options))?.address
  if (owner === undefined)
    throw new CliError("Give an ADDRESS (or --keypair FILE / APPKIT_SOLANA_KEY for the key's own)", {
      code: "UsageError",
    })
  const target = await resolveSolanaTarget(options)
  const balance = await run(getSolBalance(target.rpc, owner))
  if (options.json)
    printJson({
      chainId: target.caip2,
      address: owner,
      decimals: balance.decimals,
      balance: balance.sol,
      balanceUnits: balance.lamports.toString(),
    })
  else printLine(balance.sol)
}

/** A transfer's amount is a u64 of base units (§5): a larger one is refused as the argument it is. */
const withinU64 = (given: string, units: bigint, unitName: string): void => {
  if (!isU64(units)) throw invalidInput(`--amount: ${given} is ${units} ${unitName}, more than a u64 holds`)
}

export const solanaSendAction = async (
  options: SolanaCommandOptions & {
    readonly to: string
    readonly amount: string
    readonly token?: string | undefined
  },
): Promise<void> => {
  // Every argument is checked before the node or the wallet is asked anything.
  const to = readAddress(options.to, "--to", "solana")
  const mint = options.token === undefined ? undefined : readAddress(options.token, "--token", "solana")
  const lamports = readAmount(options.amount, mint === undefined ? 9 : MAX_DECIMALS, { positive: true })
  if (mint === undefined) withinU64(`${options.amount} SOL`, lamports, "lamports")
  if (options.timeout !== undefined) readDuration(options.timeout)
  const keypair = await loadSolanaKeypair(options)
  const target = await resolveSolanaTarget(options)
  const decimals = mint === undefined ? 9 : (await run(readMint(target.rpc, mint))).decimals
  const amount = readAmount(options.amount, decimals, { positive: true })
  withinU64(options.amount, amount, "base units")
  const signer = await openSolanaSigner(keypair, options, target.caip2, target.rpc)
  const watching = !options.json
  const prepared = await run(
    mint === undefined
      ? prepareSolTransfer(target.rpc, { from: signer.address, to, lamports: amount })
      : prepareSplTransfer(target.rpc, { from: signer.address, to, mint, amount }),
  ).catch(async (error: unknown) => {
    await signer.close()
    throw error
  })
  const signature = await withSpinner(
    signer.walletName ? `Waiting for ${signer.walletName} to approve…` : "Sending…",
    watching,
    () =>
      interruptible(
        () => {
          const signature = signer.signedAs()
          return signature === undefined
            ? submittedWithoutAnswer(signer.walletName)
            : signedWithoutAnswer(signature)
        },
        () =>
          run(submitPreparedTransfer(signer.wallet, prepared, target.rpc))
            .catch((error: unknown) => {
              // The cluster's refusal says that nothing will land; any other failure may follow its taking it.
              throw error instanceof SolanaSubmissionRefused
                ? error
                : signedButFailed(signer.signedAs(), signer.explainFailure(error))
            })
            .finally(signer.close),
      ),
  )
  if (!options.json) printLine(`signature ${signature}`)
  const status = await withSpinner("Waiting for confirmation…", watching, () =>
    interruptible(
      () => sentWithoutOutcome(signature),
      () =>
        run(
          waitForSolanaSignature(target.rpc, signature, { prepared }).pipe(
            Effect.as("confirmed" as const),
            Effect.catchTag("SolanaTransactionFailed", () => Effect.succeed("failed" as const)),
          ),
        ).catch((error: unknown) => {
          // An expired transaction says that it will not land; any other end of the wait may come before it does.
          throw error instanceof SolanaTransactionExpired ? error : sentButUnconfirmed(signature, error)
        }),
    ),
  )
  const amountText = Result.getOrThrow(formatUnits(amount, decimals))
  if (options.json)
    printJson({
      chainId: target.caip2,
      signature,
      from: signer.address,
      to,
      token: mint ?? null,
      decimals,
      amount: amountText,
      amountUnits: amount.toString(),
      status,
      computeUnitLimit: prepared.computeUnitLimit,
      computeUnitPriceMicroLamports: prepared.computeUnitPriceMicroLamports.toString(),
      createsRecipientTokenAccount: prepared.createsRecipientTokenAccount,
    })
  else {
    printLine(`status ${status}`)
    if (prepared.createsRecipientTokenAccount) printLine("created the recipient's token account")
  }
  if (status !== "confirmed") process.exitCode = ExitCode.invalid
}

export const solanaMessageAction = async (text: string, options: SolanaCommandOptions): Promise<void> => {
  const message = await readMessage(text)
  if (options.timeout !== undefined) readDuration(options.timeout)
  // A local key signs in process: no node is needed (nor asked).
  const caip2 = readChain(options.chain ?? "", "--chain", "solana").caip2
  const signer = await openSolanaSigner(await loadSolanaKeypair(options), options, caip2)
  const signature = await run(signSolanaMessage(signer.wallet, signer.address, message))
    .catch((error: unknown) => {
      throw signer.explainFailure(error)
    })
    .finally(signer.close)
  if (options.json) printJson({ address: signer.address, signature })
  else printLine(signature)
}
