import { Effect, Option } from "effect"
import type { AppKitRemoteConfig } from "../api/wallet/schemas"
import { WalletApi } from "../api/wallet/WalletApi"
import { type SocialProvider, socialProviders } from "../domain/social"
import { type Features, Options } from "./Options"

/** What the project's dashboard switches (GET /appkit/v1/config) means for the options. */
export interface RemoteFeaturePatch {
  readonly features: Partial<Features>
  /** The social logins offered, in the dashboard's order; unchanged when the config does not say. */
  readonly socials?: ReadonlyArray<SocialProvider> | undefined
}

/**
 * The remote switches as options: `activity` is the history feature, `swap` swaps, `onramp` onramp, `receive`
 * and `send` the Account view's receive and send actions (§9: on unless switched off), and `social_login` lists the login methods (email among them, the rest socials). Switches this SDK has no
 * feature for (branding, multi-wallet) are left out; a feature the config does not name keeps its value.
 */
export const featuresFromRemote = (config: AppKitRemoteConfig): RemoteFeaturePatch => {
  const features: { -readonly [K in keyof Features]?: boolean } = {}
  let socials: ReadonlyArray<SocialProvider> | undefined
  for (const feature of config.features) {
    switch (feature.id) {
      case "activity":
        features.history = feature.isEnabled
        break
      case "swap":
        features.swaps = feature.isEnabled
        break
      case "onramp":
        features.onramp = feature.isEnabled
        break
      case "receive":
        features.receive = feature.isEnabled
        break
      case "send":
        features.send = feature.isEnabled
        break
      case "social_login": {
        const methods = feature.isEnabled && Array.isArray(feature.config) ? feature.config : []
        features.email = methods.includes("email")
        socials = methods.filter((method): method is SocialProvider =>
          (socialProviders as ReadonlyArray<unknown>).includes(method),
        )
        break
      }
    }
  }
  return socials === undefined ? { features } : { features, socials }
}

/**
 * Applies the project's remote features to the options (§9 defaults, then the dApp's options, then the
 * dashboard's switches). Without a Wallet API, or when the config cannot be loaded, the local options stay.
 * A configuration alert is the project check's to report: here it only means nothing is applied.
 */
export const applyRemoteFeatures: Effect.Effect<void, never, Options> = Effect.gen(function* () {
  const api = yield* Effect.serviceOption(WalletApi)
  if (Option.isNone(api)) return
  const remote = yield* Effect.option(api.value.remoteFeatures).pipe(Effect.map(Option.flatten))
  if (Option.isNone(remote)) return
  const patch = featuresFromRemote(remote.value)
  const options = yield* Options
  yield* options.setFeatures(patch.features)
  if (patch.socials !== undefined) yield* options.setSocials(patch.socials)
})
