import type { Command } from "commander"
import type { LocalSignerOptions } from "../evmOptions"
import { withLocalSignerOptions } from "../evmOptions"
import { CliError, printJson, printLine } from "../output"

/**
 * `appkit-cli sign message|typed-data`: personal_sign and eth_signTypedData_v4 with the local signer. Both
 * sign in process through the same core actions a wallet-backed client uses; no node is needed.
 */
interface SignOptions extends LocalSignerOptions {
  readonly json?: boolean | undefined
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ""
  for await (const chunk of stream) text += chunk.toString()
  return text
}

/** The signer and an offline client: a local account never sends these requests anywhere. */
const localSigning = async (options: SignOptions) => {
  const [{ loadLocalSigner }, core] = await Promise.all([import("../signer"), import("@appkit/core")])
  const signer = await loadLocalSigner(options)
  if (signer === undefined) {
    throw new CliError("No signer: pass --private-key, set APPKIT_PRIVATE_KEY or pass --keystore")
  }
  const offline = core.evmProviderClient({
    request: async () => {
      throw new CliError("a local signature needs no node")
    },
  })
  return { signer, client: offline, core }
}

const report = (options: SignOptions, result: { address: string; signature: string }): void => {
  if (options.json) printJson(result)
  else printLine(result.signature)
}

const messageAction = async (text: string, options: SignOptions): Promise<void> => {
  const { Effect } = await import("effect")
  const { signer, client, core } = await localSigning(options)
  const signature = await Effect.runPromise(core.signPersonalMessage(client, { signer, message: text }))
  report(options, { address: signer.address, signature })
}

const typedDataAction = async (file: string, options: SignOptions): Promise<void> => {
  const [{ Effect }, { readFile }] = await Promise.all([import("effect"), import("node:fs/promises")])
  const json =
    file === "-"
      ? await readAll(process.stdin)
      : await readFile(file, "utf8").catch((error: Error) => {
          throw new CliError(`Cannot read ${file}: ${error.message}`)
        })
  const { signer, client, core } = await localSigning(options)
  const typedData = await Effect.runPromise(
    core
      .decodeTypedDataJson(json)
      .pipe(
        Effect.mapError(
          (issue) => new CliError(`Invalid EIP-712 typed data: ${issue.message.split("\n")[0]}`),
        ),
      ),
  )
  const signature = await Effect.runPromise(core.signTypedDataV4(client, { signer, typedData }))
  report(options, { address: signer.address, signature })
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
