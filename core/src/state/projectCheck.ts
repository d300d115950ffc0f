import { Effect, Option } from "effect"
import { WalletApi } from "../api/wallet/WalletApi"
import type { AlertKey } from "../errors/alerts"
import { isOriginAllowed } from "./originAllowlist"

/**
 * The project's configuration as the Wallet API sees it: a §8 alert when the server names a configuration
 * problem on GET /appkit/v1/config (origin not on the allowlist, an invalid project id, a session not yet
 * valid), or when `origin` (the page's, from the skin: core has no window) is not on the project's
 * allowlist (GET /projects/v1/origins, §6); undefined otherwise. An outage (5xx, a timeout) is not the user's
 * problem to read about, and without a Wallet API there is nothing to check.
 */
export const checkProject = (origin?: string): Effect.Effect<AlertKey | undefined> =>
  Effect.flatMap(Effect.serviceOption(WalletApi), (api) =>
    Option.isNone(api)
      ? Effect.succeed(undefined)
      : api.value.remoteFeatures.pipe(
          Effect.flatMap(() =>
            origin === undefined
              ? Effect.succeed(undefined)
              : Effect.map(api.value.allowedOrigins, (allowed) =>
                  Option.isSome(allowed) && !isOriginAllowed(origin, allowed.value)
                    ? ("originNotAllowed" as const)
                    : undefined,
                ),
          ),
          Effect.catch((alert) => Effect.succeed(alert.alert)),
        ),
  )
