import {
  decodeTypedDataJson,
  evmProviderClient,
  signPersonalMessage,
  signTypedDataV4,
} from "@appkit/core/evm"
import { recoverPersonalSignAddress } from "@appkit/core/siwx"
import { Effect } from "effect"
import type { Hex } from "viem"
import { recoverTypedDataAddress } from "viem"
import { readDuration } from "../duration"
import type { LocalSignerOptions } from "../evmOptions"
import { readInput } from "../input"
import { CliError, invalidInput, printJson, printLine } from "../output"
import { openCommandSigner } from "../signer"

/**
 * `appkit-cli sign message|typed-data`, by the local signer when given (in process, no node needed) or else
 * the stored WalletConnect session's wallet. The signature is checked to recover to the address printed
 * next to it: a wallet that signed with another account than the session names is reported, not believed.
 */
interface SignOptions extends LocalSignerOptions {
  readonly timeout?: string | undefined
  readonly json?: boolean | undefined
}

/** A local account signs in process and never sends its requests anywhere; this client says so if asked. */
const offline = evmProviderClient({
  request: async () => {
    throw new CliError("a local signature needs no node")
  },
})

/** Signs with the command's signer; `recover` names the key that made the signature. */
const signAndCheck = async (
  options: SignOptions,
  sign: (
    client: typeof offline,
    signer: Awaited<ReturnType<typeof openCommandSigner>>["signer"],
  ) => Effect.Effect<Hex, unknown>,
  recover: (signature: Hex) => Promise<string | undefined>,
): Promise<void> => {
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const { signer, address, wallet, walletName, explainFailure, close } = await openCommandSigner(options, {
    requestTimeoutMs,
  })
  const signature = await Effect.runPromise(sign(wallet ?? offline, signer))
    .catch((error: unknown) => {
      throw explainFailure(error)
    })
    .finally(close)
  const recovered = await recover(signature).catch(() => undefined)
  if (recovered?.toLowerCase() !== address.toLowerCase())
    throw new CliError(
      `${walletName ?? "The signer"} returned a signature that does not recover to ${address}${recovered ? ` (it recovers to ${recovered})` : ""}; it was not printed. Check the account in the wallet (appkit-cli status) and sign again`,
      { code: "SignatureMismatch" },
    )
  if (options.json) printJson({ address, signature })
  else printLine(signature)
}

export const messageAction = async (text: string, options: SignOptions): Promise<void> => {
  const message = text === "-" ? await readInput("-", "the message") : text
  await signAndCheck(
    options,
    (client, signer) => signPersonalMessage(client, { signer, message }),
    async (signature) => recoverPersonalSignAddress(message, signature),
  )
}

export const typedDataAction = async (file: string, options: SignOptions): Promise<void> => {
  const json = await readInput(file, "the typed data")
  // Decoded before the signer opens, so a bad file never leaves a wallet connection behind.
  const typedData = await Effect.runPromise(
    decodeTypedDataJson(json).pipe(
      Effect.mapError((issue) => invalidInput(`Invalid EIP-712 typed data: ${issue.message.split("\n")[0]}`)),
    ),
  )
  await signAndCheck(
    options,
    (client, signer) => signTypedDataV4(client, { signer, typedData }),
    (signature) =>
      recoverTypedDataAddress({ ...(typedData as Parameters<typeof recoverTypedDataAddress>[0]), signature }),
  )
}
