import type { Effect } from "effect"
import type { Hex } from "viem"
import { signMessage } from "viem/actions"
import type { EvmClient, EvmSigner } from "./client"
import { type EvmError, evmCall } from "./errors"

/** personal_sign (EIP-191) of a UTF-8 message: signed in process by a local account, else by the wallet. */
export const signPersonalMessage = (
  client: EvmClient,
  parameters: { readonly signer: EvmSigner; readonly message: string },
): Effect.Effect<Hex, EvmError> =>
  evmCall(() => signMessage(client, { account: parameters.signer, message: parameters.message }))
