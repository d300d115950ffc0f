import { referenceVectors } from "@appkit/fixtures"
import { Result } from "effect"
import { signDocFromJson } from "../chains/cosmos/signDoc"

/**
 * Test support only, not exported: the cosmjs reference vectors of @appkit/fixtures (signatures cosmjs made
 * with the dev mnemonic's key) in the shapes the core works with, the SignDoc as bytes.
 */
const { cosmos } = referenceVectors
export const cosmjs = {
  address: cosmos.address,
  osmo: cosmos.osmo,
  pubkey: cosmos.pubKey.value,
  adr036: cosmos.adr036,
  amino: {
    doc: cosmos.amino.signDoc,
    serialized: cosmos.amino.serialized,
    signature: cosmos.amino.signature,
  },
  direct: {
    signDoc: Result.getOrThrow(signDocFromJson(cosmos.direct.signDoc)),
    signBytes: cosmos.direct.signBytes,
    signature: cosmos.direct.signature,
  },
}
