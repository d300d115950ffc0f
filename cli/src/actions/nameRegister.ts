import { NameSuffix } from "@appkit/core"
import { registerAccountName } from "@appkit/core/effect"
import { signPersonalMessage } from "@appkit/core/evm"
import { isAccountName } from "@appkit/core/validation"
import { Effect } from "effect"
import { type ApiOptions, describeFailure } from "../api-options"
import { cliApiLayer } from "../api-run"
import { readDuration } from "../duration"
import type { LocalSignerOptions } from "../evmOptions"
import { readChain } from "../inputs"
import { CliError, invalidInput, printJson, printLine } from "../output"
import { offlineClient, openCommandSigner } from "../signer"

interface RegisterOptions extends ApiOptions, LocalSignerOptions {
  readonly chain?: string | undefined
}

/**
 * `appkit-cli names register NAME`: the app's registration (core registerAccountName) by the local signer or
 * the connected wallet. --timeout bounds each API request and, through a connected wallet, the relay check
 * and the signature together; a signature it ends is said to be still pending in the wallet.
 */
export const registerAction = async (name: string, options: RegisterOptions): Promise<void> => {
  // "alice" and "alice.reown.id" alike; the label is held to the §5 rule before anything is signed.
  const label = name.endsWith(NameSuffix.current) ? name.slice(0, -NameSuffix.current.length) : name
  if (!isAccountName(label))
    throw invalidInput(`Invalid name '${name}': letters, digits and hyphens, at least 4 characters`)
  const chosen = options.chain === undefined ? undefined : readChain(options.chain, "--chain", "eip155").caip2
  const requestTimeoutMs = options.timeout === undefined ? undefined : readDuration(options.timeout)
  const { api } = cliApiLayer(options)
  const signer = await openCommandSigner(options, { chainId: chosen, requestTimeoutMs })
  try {
    const chainId = chosen ?? readChain(signer.chainId ?? "eip155:1", "the wallet's chain", "eip155").caip2
    const fullName = await Effect.runPromise(
      registerAccountName(label, {
        address: signer.address,
        chainId,
        signMessage: (message) =>
          signPersonalMessage(signer.wallet ?? offlineClient, { signer: signer.signer, message }),
      }).pipe(
        // The wallet's own story (the signature still pending there, the session ended) keeps its code.
        Effect.mapError((error) => {
          const explained = signer.explainFailure(error)
          return explained instanceof CliError
            ? explained
            : new CliError(describeFailure(explained), { code: error._tag })
        }),
        Effect.provide(api),
      ),
    )
    if (options.json) printJson({ name: fullName, address: signer.address, chainId })
    else printLine(`${fullName} now points at ${signer.address}`)
  } finally {
    await signer.close()
  }
}
