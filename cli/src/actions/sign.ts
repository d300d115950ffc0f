import { decodeTypedDataJson, signPersonalMessage, signTypedDataV4 } from "@appkit/core/evm"
import { checkEip1271Signature, recoverPersonalSignAddress } from "@appkit/core/siwx"
import { Effect } from "effect"
import type { Hex } from "viem"
import { hashMessage, hashTypedData, recoverTypedDataAddress } from "viem"
import { readDuration } from "../duration"
import { rpcEndpoint } from "../endpoints"
import type { LocalSignerOptions } from "../evmOptions"
import { readInput, readMessage } from "../input"
import { readChain } from "../inputs"
import { CliError, invalidInput, printJson, printLine } from "../output"
import { offlineClient, openCommandSigner } from "../signer"
import { isSolanaChainOption } from "../solanaOptions"

/**
 * `appkit-cli sign message|typed-data`, by the local signer when given (in process, no node needed) or else
 * the stored WalletConnect session's wallet. The signature is checked to recover to the address printed
 * next to it: a wallet that signed with another account than the session names is reported, not believed.
 */
interface SignOptions extends LocalSignerOptions {
  /** solana:… signs with a Solana key or the session's Solana account (sign message only). */
  readonly chain?: string | undefined
  readonly keypair?: string | undefined
  readonly timeout?: string | undefined
  readonly json?: boolean | undefined
}

/**
 * A contract account (the embedded wallet's smart account, a Safe) signs through its owner: its signature
 * recovers to the owner, and the account itself vouches for it (EIP-1271) on the node.
 */
const contractAccepts = async (address: `0x${string}`, digest: Hex, signature: Hex): Promise<boolean> =>
  (await checkEip1271Signature(rpcEndpoint(undefined).url, address, digest, signature, 10_000)) === "valid"

/** Signs with the command's signer; `recover` names the key that made the signature. */
const signAndCheck = async (
  options: SignOptions,
  sign: (
    client: typeof offlineClient,
    signer: Awaited<ReturnType<typeof openCommandSigner>>["signer"],
  ) => Effect.Effect<Hex, unknown>,
  recover: (signature: Hex) => Promise<string | undefined>,
  digest: Hex,
): Promise<void> => {
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const { signer, address, wallet, walletName, explainFailure, close } = await openCommandSigner(options, {
    requestTimeoutMs,
  })
  const signature = await Effect.runPromise(sign(wallet ?? offlineClient, signer))
    .catch((error: unknown) => {
      throw explainFailure(error)
    })
    .finally(close)
  const recovered = await recover(signature).catch(() => undefined)
  if (
    recovered?.toLowerCase() !== address.toLowerCase() &&
    !(await contractAccepts(address, digest, signature))
  )
    throw new CliError(
      `${walletName ?? "The signer"} returned a signature that does not recover to ${address}${recovered ? ` (it recovers to ${recovered})` : ""}; it was not printed. Check the account in the wallet (appkit-cli status) and sign again`,
      { code: "SignatureMismatch" },
    )
  if (options.json) printJson({ address, signature })
  else printLine(signature)
}

export const messageAction = async (text: string, options: SignOptions): Promise<void> => {
  if (isSolanaChainOption(options)) return (await import("./solana")).solanaMessageAction(text, options)
  // Any other --chain must be an EVM one: personal_sign is no answer to a polkadot or cosmos chain.
  if (options.chain !== undefined) readChain(options.chain, "--chain", "eip155")
  const message = await readMessage(text)
  await signAndCheck(
    options,
    (client, signer) => signPersonalMessage(client, { signer, message }),
    async (signature) => recoverPersonalSignAddress(message, signature),
    hashMessage(message),
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
    typedDataDigest(typedData),
  )
}

/**
 * The EIP-712 digest, which encodes every field: typed data of the right shape that still cannot be encoded
 * (a primary type it does not define, a value outside its type) is refused here, as the user's input.
 */
const typedDataDigest = (typedData: unknown): Hex => {
  try {
    return hashTypedData(typedData as Parameters<typeof hashTypedData>[0])
  } catch (error) {
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    throw invalidInput(`Invalid EIP-712 typed data: ${reason.split("\n")[0]}`)
  }
}
