import type { Command } from "commander"
import type { LocalSignerOptions } from "../evmOptions"
import { withLocalSignerOptions } from "../evmOptions"
import { CliError, printJson, printLine } from "../output"

/**
 * `appkit-cli sign message|typed-data`: personal_sign and eth_signTypedData_v4 through the core actions, by
 * the local signer when given (in process, no node needed) or else the stored WalletConnect session's wallet.
 */
interface SignOptions extends LocalSignerOptions {
  readonly json?: boolean | undefined
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ""
  for await (const chunk of stream) text += chunk.toString()
  return text
}

/**
 * The signer and the client its requests go to: the stored WalletConnect wallet, or for a local account an
 * offline client (a local account signs in process and never sends these requests anywhere).
 */
const openSigning = async (options: SignOptions) => {
  const [{ openCommandSigner }, core] = await Promise.all([import("../signer"), import("@appkit/core/evm")])
  const command = await openCommandSigner(options)
  const offline = core.evmProviderClient({
    request: async () => {
      throw new CliError("a local signature needs no node")
    },
  })
  return { ...command, client: command.wallet ?? offline, core }
}

const report = (options: SignOptions, result: { address: string; signature: string }): void => {
  if (options.json) printJson(result)
  else printLine(result.signature)
}

const messageAction = async (text: string, options: SignOptions): Promise<void> => {
  const { Effect } = await import("effect")
  const { signer, address, client, core, close } = await openSigning(options)
  const signature = await Effect.runPromise(
    core.signPersonalMessage(client, { signer, message: text }),
  ).finally(close)
  report(options, { address, signature })
}

const typedDataAction = async (file: string, options: SignOptions): Promise<void> => {
  const [{ Effect }, { readFile }, { decodeTypedDataJson }] = await Promise.all([
    import("effect"),
    import("node:fs/promises"),
    import("@appkit/core/evm"),
  ])
  const json =
    file === "-"
      ? await readAll(process.stdin)
      : await readFile(file, "utf8").catch((error: Error) => {
          throw new CliError(`Cannot read ${file}: ${error.message}`)
        })
  // Decoded before the signer opens, so a bad file never leaves a wallet connection behind.
  const typedData = await Effect.runPromise(
    decodeTypedDataJson(json).pipe(
      Effect.mapError((issue) => new CliError(`Invalid EIP-712 typed data: ${issue.message.split("\n")[0]}`)),
    ),
  )
  const { signer, address, client, core, close } = await openSigning(options)
  const signature = await Effect.runPromise(core.signTypedDataV4(client, { signer, typedData })).finally(
    close,
  )
  report(options, { address, signature })
}

export const register = (program: Command): void => {
  const sign = program.command("sign").description("Sign a message (personal_sign) or EIP-712 typed data")
  withLocalSignerOptions(
    sign.command("message").description("personal_sign a UTF-8 message").argument("<TEXT>", "the message"),
  )
    .option("--json", "print one JSON object {address, signature}")
    .action(messageAction)
  withLocalSignerOptions(
    sign
      .command("typed-data")
      .description("eth_signTypedData_v4 a JSON file {domain, types, primaryType, message}")
      .argument("<FILE>", "path to the JSON file, or - for stdin"),
  )
    .option("--json", "print one JSON object {address, signature}")
    .action(typedDataAction)
}
