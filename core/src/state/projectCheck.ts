import { Effect, Option } from "effect"
import { WalletApi } from "../api/wallet/WalletApi"
import type { AlertKey } from "../errors/alerts"

/**
 * The project's configuration as the Wallet API sees it (GET /appkit/v1/config): a §8 alert when the server
 * names a configuration problem (origin not on the allowlist, an invalid project id, a session not yet valid),
 * undefined otherwise — an outage (5xx, a timeout) is not the user's problem to read about, and without a
 * Wallet API there is nothing to check.
 */
export const checkProject: Effect.Effect<AlertKey | undefined> = Effect.flatMap(
  Effect.serviceOption(WalletApi),
  (api) =>
    Option.isNone(api)
      ? Effect.succeed(undefined)
      : api.value.remoteFeatures.pipe(
          Effect.as(undefined),
          Effect.catch((alert) => Effect.succeed(alert.alert)),
        ),
)
