import { Schema } from "effect"
import { ConnectionStatus } from "./account"
import { WalletListing } from "./connector"
import { perNamespace } from "./perNamespace"
import { EpochMillis } from "./primitives"

/** One wallet connection: the connector that made it and the accounts it exposes. */
export const PairingConnection = Schema.Struct({
  connectorId: Schema.NonEmptyString,
  accounts: Schema.Array(
    Schema.Struct({ address: Schema.NonEmptyString, type: Schema.optionalKey(Schema.String) }),
  ),
})
export type PairingConnection = typeof PairingConnection.Type

/** Live connections per namespace; also what the `@appkit/connections` key stores. */
export const PairingConnections = perNamespace(Schema.Array(PairingConnection))
export type PairingConnections = typeof PairingConnections.Type

/** A WalletConnect pairing URI: `wc:{topic}@2?relay-protocol=…&symKey=…`. */
export const WcUri = Schema.String.check(
  Schema.isPattern(/^wc:[0-9a-f]+@2\?\S+$/, { expected: "a WalletConnect v2 pairing URI" }),
).annotate({ identifier: "WcUri" })

/** §3 Pairing state. The pairing expires 4 min after creation (config: Timings.pairingLifetime). */
export const PairingState = Schema.Struct({
  connections: PairingConnections,
  wcUri: Schema.optional(WcUri),
  /** When the pairing URI stops being usable. */
  wcPairingExpiry: Schema.optional(EpochMillis),
  /** The deep link last used to open a mobile or desktop wallet. */
  wcLinking: Schema.optional(Schema.Struct({ href: Schema.String, name: Schema.String })),
  recentWallet: Schema.optional(WalletListing),
  wcError: Schema.Boolean,
  buffering: Schema.Boolean,
  status: ConnectionStatus,
})
export type PairingState = typeof PairingState.Type
