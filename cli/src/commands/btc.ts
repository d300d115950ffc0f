import type { Command } from "commander"
import { type ApiOptions, withApiOptions } from "../api-options"
import { formatFields } from "../fields"
import { argumentOrStdin } from "../input"
import { CliError, ExitCode, printJson, printLine } from "../output"
import { type BtcSignerOptions, describeBitcoinFailure, openBtcSigner, resolveBtcNetwork } from "./btcWallet"

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
  const core = await import("@appkit/core")
  const decoded = core.decodeBitcoinAddress(address.trim())
  if (decoded._tag === "Failure") throw new CliError(`Invalid address '${address}'`)
  return decoded.success.network === "mainnet"
    ? "Mainnet"
    : decoded.success.network === "regtest"
      ? "Regtest"
      : "Testnet4"
}

const balanceAction = async (address: string, options: BalanceOptions) => {
  const network = await resolveBtcNetwork(options.network, await networkOfAddress(address))
  const [bitcoin, { Effect }, { runApiCommand }] = await Promise.all([
    import("@appkit/core/bitcoin"),
    import("effect"),
    import("../api-run"),
  ])
  await runApiCommand(
    options,
    `Reading the balance of ${address}`,
    bitcoin.getBitcoinBalance({ address, network }).pipe(
      Effect.map(({ balance, satoshis }) => ({
        json: { address, network, balance, satoshis, symbol: "BTC" },
        lines: [`${balance} BTC`],
      })),
    ),
  )
}

interface SendOptions extends BtcSignerOptions {
  readonly to: string
  readonly amount: string
}

const sendAction = async (options: SendOptions) => {
  const core = await import("@appkit/core")
  const satoshis = core.parseUnits(options.amount.trim(), 8)
  if (satoshis._tag === "Failure" || satoshis.success <= 0n)
    throw new CliError(`Invalid --amount '${options.amount}': a positive BTC amount with at most 8 decimals`)
  const signer = await openBtcSigner(options, "Regtest")
  const recipient = core.decodeBitcoinAddress(options.to.trim())
  if (recipient._tag === "Failure") throw new CliError(`Invalid --to address '${options.to}'`)
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
      amount: options.amount.trim(),
      satoshis: satoshis.success,
      ...(fee !== undefined ? { fee } : {}),
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

const signMessageAction = async (message: string, options: SignMessageOptions) => {
  if (options.protocol !== undefined && options.protocol !== "bip322" && options.protocol !== "ecdsa")
    throw new CliError(`Unknown --protocol '${options.protocol}' (expected bip322 or ecdsa)`)
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
  readonly message: string
  readonly signature: string
  readonly json?: boolean | undefined
}

const verifyMessageAction = async (options: VerifyOptions) => {
  const tools = await import("@appkit/core/bitcoin/tools")
  const result = tools.verifyBitcoinMessage({
    address: options.address,
    message: options.message,
    signature: options.signature,
  })
  if (result._tag === "Failure") throw new CliError(result.failure.message)
  const verdict = result.success
  if (options.json) printJson(verdict)
  else if (verdict.valid) printLine(`valid (${verdict.protocol})`)
  else printLine(`${verdict.inconclusive ? "inconclusive" : "invalid"}: ${verdict.reason}`)
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
    if (match === null) throw new CliError(`--input '${spec}': expected ADDRESS:INDEX[,INDEX...]`)
    const [, address, indexes] = match as unknown as [string, string, string]
    grouped[address] = [...new Set([...(grouped[address] ?? []), ...indexes.split(",").map(Number)])]
  }
  return grouped
}

const signPsbtAction = async (source: string, options: SignPsbtOptions) => {
  const text = await argumentOrStdin(source)
  const tools = await import("@appkit/core/bitcoin/tools")
  const decoded = tools.decodePsbtBase64(text)
  if (decoded._tag === "Failure") throw new CliError(decoded.failure.message)
  const signer = await openBtcSigner(options, "Regtest")
  try {
    const { addressNetworkOf } = await import("@appkit/core/bitcoin")
    // Without --input: every input spending one of the signer's addresses.
    const signInputs =
      options.input && options.input.length > 0
        ? parseInputs(options.input)
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

const withSigner = (command: Command) =>
  withApiOptions(command)
    .option("--network <name>", "mainnet, testnet, testnet4, signet or regtest")
    .option(
      "--private-key <key>",
      "sign with this key, hex or WIF (default: APPKIT_BTC_PRIVATE_KEY, else the WalletConnect session, else the dev key)",
    )

export const register = (program: Command): void => {
  const btc = program.command("btc").description("Bitcoin: balances, transfers, message signatures and PSBTs")
  withApiOptions(
    btc
      .command("balance")
      .description("An address's balance from its UTXOs, exact in BTC")
      .argument("<ADDRESS>"),
  )
    .option("--network <name>", "mainnet, testnet, testnet4, signet or regtest (default: from the address)")
    .action(balanceAction)
  withSigner(
    btc
      .command("send")
      .description("Send BTC to an address (default network: regtest, the local ledger)")
      .requiredOption("--to <address>", "the recipient")
      .requiredOption("--amount <btc>", "the amount in BTC, e.g. 0.0001"),
  ).action(sendAction)
  withSigner(
    btc
      .command("sign-message")
      .description("Sign a message: BIP-322 (default) or legacy ECDSA")
      .argument("<MESSAGE>")
      .option("--address <address>", "the signing address (default: the payment address)")
      .option("--protocol <name>", "bip322 or ecdsa"),
  ).action(signMessageAction)
  btc
    .command("verify-message")
    .description(
      "Verify a signed message (BIP-322 simple, full or proof of funds; legacy ECDSA); exit 0 valid, 1 invalid",
    )
    .requiredOption("--address <address>", "the address that signed")
    .requiredOption("--message <text>", "the message")
    .requiredOption("--signature <base64>", "the signature (smp/ful/pof prefixes accepted)")
    .option("--json", "print the verdict as JSON")
    .action(verifyMessageAction)
  withSigner(
    btc
      .command("sign-psbt")
      .description("Sign a PSBT's inputs with the wallet (default: every input it can sign)")
      .argument("<PSBT>", "base64, or - for stdin")
      .option("--input <address:indexes...>", "inputs to sign, e.g. bcrt1q...:0,2 (repeatable)")
      .option("--broadcast", "finalize and broadcast the transaction"),
  ).action(signPsbtAction)
}
