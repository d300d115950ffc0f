import { Effect, Result } from "effect"
import type { ApiOptions } from "../api-options"
import { type BtcNetwork, resolveBtcNetwork } from "../btcNetwork"
import { type BtcSignerOptions, describeBitcoinFailure, openBtcSigner } from "../btcWallet"
import { formatFields } from "../fields"
import { readInput } from "../input"
import { CliError, ExitCode, invalidInput, printJson, printLine } from "../output"
import { notAPsbt, readPsbtBytes } from "../psbtInput"

/**
 * `appkit-cli btc balance|send|sign-message|verify-message|sign-psbt`: the Bitcoin layer from the command
 * line. Balances come from the mempool explorer (the fixture server's regtest ledger by default); the
 * signer is a key, the stored WalletConnect bip122 session, or the dev wallet (see btcWallet.ts).
 */
interface BalanceOptions extends ApiOptions {
  readonly network?: string | undefined
}

/** The network an address's prefix names: mainnet, regtest, or (for tb1/m/n/2) the current testnet, testnet4. */
const networkOfAddress = async (address: string) => {
  const { decodeBitcoinAddress } = await import("@appkit/core/validation")
  const decoded = decodeBitcoinAddress(address.trim())
  if (decoded._tag === "Failure") throw invalidInput(`Invalid address '${address}'`)
  return decoded.success.network === "mainnet"
    ? "Mainnet"
    : decoded.success.network === "regtest"
      ? "Regtest"
      : "Testnet4"
}

/**
 * `address` decoded for `network`. Not a Bitcoin address, or one of another network, is an argument the
 * core refuses: exit 1, by name, before any request or signature.
 */
const addressOn = async (address: string, network: BtcNetwork, name: string) => {
  const { decodeBitcoinAddress } = await import("@appkit/core/validation")
  const { addressNetworkOf } = await import("@appkit/core/bitcoin")
  const decoded = decodeBitcoinAddress(address.trim(), addressNetworkOf(network))
  // The core's refusal ('Invalid address', or with whose network it is), naming what the user gave.
  if (decoded._tag === "Failure")
    throw invalidInput(decoded.failure.message.replace(/^Invalid address/, `Invalid ${name} '${address}'`))
  return decoded.success
}

export const balanceAction = async (address: string, options: BalanceOptions) => {
  const network = resolveBtcNetwork(options.network, await networkOfAddress(address))
  await addressOn(address, network, "address")
  const [bitcoin, { runApiCommand }] = await Promise.all([
    import("@appkit/core/bitcoin"),
    import("../api-run"),
  ])
  await runApiCommand(
    options,
    `Reading the balance of ${address}`,
    bitcoin.getBitcoinBalance({ address, network }).pipe(
      Effect.map(({ balance, satoshis }) => ({
        json: { address, network, balance, balanceUnits: satoshis, symbol: "BTC" },
        lines: [`${balance} BTC`],
      })),
    ),
  )
}

interface SendOptions extends BtcSignerOptions {
  readonly to: string
  readonly amount: string
}

export const sendAction = async (options: SendOptions) => {
  const { bitcoinScriptPubKey, formatUnits, parseUnits } = await import("@appkit/core/validation")
  const { dustLimit, isSatoshiAmount } = await import("@appkit/core/bitcoin")
  const satoshis = parseUnits(options.amount.trim(), 8)
  // Core's rule for a transfer amount: whole satoshis, positive, at most the 21 million BTC there can be.
  if (satoshis._tag === "Failure" || !isSatoshiAmount(satoshis.success))
    throw invalidInput(
      `Invalid --amount '${options.amount}': a positive BTC amount with at most 8 decimals, at most 21000000`,
    )
  const network = resolveBtcNetwork(options.network, "Regtest")
  const recipient = await addressOn(options.to, network, "--to address")
  // Nodes refuse to relay an output below its dust limit: refused here, before a key signs it.
  const limit = dustLimit(bitcoinScriptPubKey(recipient))
  if (satoshis.success < limit)
    throw invalidInput(
      `Invalid --amount '${options.amount}': below this address's dust limit of ${limit} sat`,
    )
  const signer = await openBtcSigner(options, network)
  try {
    const { txid, fee } = await signer
      .sendTransfer(options.to.trim(), satoshis.success)
      .catch((error: unknown) => {
        throw error instanceof CliError ? error : new CliError(describeBitcoinFailure(error))
      })
    const result = {
      txid,
      network: signer.network,
      from: signer.addresses[0],
      to: options.to.trim(),
      amount: Result.getOrThrow(formatUnits(satoshis.success, 8)),
      amountUnits: satoshis.success,
      // The output contract's money: an exact BTC decimal next to its satoshis.
      ...(fee !== undefined ? { fee: Result.getOrThrow(formatUnits(fee, 8)), feeUnits: fee } : {}),
    }
    if (options.json) printJson(result)
    else
      for (const line of formatFields([
        ["txid", txid],
        ["from", result.from],
        ["to", result.to],
        ["amount", `${options.amount.trim()} BTC`],
        ["fee", fee === undefined ? undefined : `${fee} sat`],
      ]))
        printLine(line)
  } finally {
    await signer.close()
  }
}

interface SignMessageOptions extends BtcSignerOptions {
  readonly address?: string | undefined
  readonly protocol?: string | undefined
}

export const signMessageAction = async (message: string, options: SignMessageOptions) => {
  if (options.protocol !== undefined && options.protocol !== "bip322" && options.protocol !== "ecdsa")
    throw invalidInput(`Unknown --protocol '${options.protocol}' (expected bip322 or ecdsa)`)
  const signer = await openBtcSigner(options, "Mainnet")
  try {
    const address = options.address ?? signer.addresses[0]
    if (address === undefined) throw new CliError("The wallet has no address to sign with")
    const signed = await signer.signMessage(address, message, options.protocol).catch((error: unknown) => {
      throw error instanceof CliError ? error : new CliError(describeBitcoinFailure(error))
    })
    if (options.json) printJson({ address, message, signature: signed.signature, protocol: signed.protocol })
    else printLine(signed.signature)
  } finally {
    await signer.close()
  }
}

interface VerifyOptions {
  readonly address: string
  readonly message?: string | undefined
  readonly messageFile?: string | undefined
  readonly signature: string
  readonly json?: boolean | undefined
}

/** The signed message, from --message or, every byte of it, from --message-file (- for stdin). */
const signedMessage = async (options: VerifyOptions): Promise<string> => {
  if (options.message !== undefined && options.messageFile !== undefined)
    throw new CliError("Give either --message or --message-file, not both", { code: "UsageError" })
  if (options.messageFile !== undefined) return readInput(options.messageFile, "the message")
  if (options.message === undefined)
    throw new CliError("Missing the message: --message TEXT or --message-file FILE", { code: "UsageError" })
  return options.message
}

export const verifyMessageAction = async (options: VerifyOptions) => {
  const message = await signedMessage(options)
  const tools = await import("@appkit/core/bitcoin/tools")
  const result = tools.verifyBitcoinMessage({
    address: options.address,
    message,
    signature: options.signature,
  })
  // An address that is no Bitcoin address is an argument the core refuses: exit 1, as the README says.
  if (result._tag === "Failure") throw invalidInput(result.failure.message)
  const verdict = result.success
  if (options.json) printJson(verdict)
  else if (verdict.valid) {
    printLine(`valid (${verdict.protocol})`)
    // A proof of funds proves only what its outputs are worth, and they are the signer's claims until the
    // chain confirms them unspent: "valid" alone read as funds proven.
    for (const output of verdict.provenOutputs ?? [])
      printLine(`claims ${output.outpoint} (${output.value} sat): not checked against the UTXO set`)
  } else printLine(`${verdict.inconclusive ? "inconclusive" : "invalid"}: ${verdict.reason}`)
  if (!verdict.valid) process.exitCode = ExitCode.invalid
}

interface SignPsbtOptions extends BtcSignerOptions {
  readonly input?: ReadonlyArray<string> | undefined
  readonly broadcast?: boolean | undefined
}

/** `--input ADDRESS:0,2` → { ADDRESS: [0, 2] }. */
const parseInputs = (specs: ReadonlyArray<string>): Record<string, Array<number>> => {
  const grouped: Record<string, Array<number>> = {}
  for (const spec of specs) {
    const match = /^([^:\s]+):(\d+(?:,\d+)*)$/.exec(spec.trim())
    if (match === null) throw invalidInput(`--input '${spec}': expected ADDRESS:INDEX[,INDEX...]`)
    const [, address, indexes] = match as unknown as [string, string, string]
    grouped[address] = [...new Set([...(grouped[address] ?? []), ...indexes.split(",").map(Number)])]
  }
  return grouped
}

export const signPsbtAction = async (source: string, options: SignPsbtOptions) => {
  const bytes = await readPsbtBytes(source)
  if (bytes === undefined) throw invalidInput(`Invalid PSBT: ${notAPsbt}`)
  const tools = await import("@appkit/core/bitcoin/tools")
  const decoded = tools.decodePsbt(bytes)
  if (decoded._tag === "Failure") throw invalidInput(decoded.failure.message)
  // The wallets take base64, whichever form the PSBT came in.
  const text = Buffer.from(bytes).toString("base64")
  const signInputSpecs = options.input && options.input.length > 0 ? parseInputs(options.input) : undefined
  const signer = await openBtcSigner(options, "Regtest")
  try {
    const { addressNetworkOf } = await import("@appkit/core/bitcoin")
    // Without --input: every input spending one of the signer's addresses.
    const signInputs =
      signInputSpecs !== undefined
        ? signInputSpecs
        : decoded.success.inputs.reduce<Record<string, Array<number>>>((grouped, input, index) => {
            const address = input.spentOutput
              ? tools.addressFromScript(input.spentOutput.script, addressNetworkOf(signer.network))
              : undefined
            if (address !== undefined && signer.addresses.includes(address))
              grouped[address] = [...(grouped[address] ?? []), index]
            return grouped
          }, {})
    if (Object.keys(signInputs).length === 0)
      throw new CliError(
        "No input spends one of the wallet's addresses: name the inputs with --input ADDRESS:INDEX",
      )
    const signed = await signer
      .signPsbt({ psbt: text, signInputs, broadcast: options.broadcast === true })
      .catch((error: unknown) => {
        throw error instanceof CliError ? error : new CliError(describeBitcoinFailure(error))
      })
    if (options.json)
      printJson({ psbt: signed.psbt, signInputs, ...(signed.txid ? { txid: signed.txid } : {}) })
    else {
      printLine(signed.psbt)
      if (signed.txid) printLine(`txid ${signed.txid}`)
    }
  } finally {
    await signer.close()
  }
}
