import type { Effect } from "effect"
import type { Hex, TypedDataDefinition } from "viem"
import { signTypedData } from "viem/actions"
import type { EvmClient, EvmSigner } from "./client"
import { type EvmError, evmCall } from "./errors"
import type { TypedDataV4 } from "./typedData"

/** eth_signTypedData_v4 (EIP-712). A payload whose values do not fit its types fails with the encoder's reason. */
export const signTypedDataV4 = (
  client: EvmClient,
  parameters: { readonly signer: EvmSigner; readonly typedData: TypedDataV4 },
): Effect.Effect<Hex, EvmError> =>
  evmCall(() =>
    signTypedData(client, {
      account: parameters.signer,
      // The schema checked the shape; viem validates each value against `types` while encoding.
      ...(parameters.typedData as unknown as TypedDataDefinition),
    }),
  )
