import { Schema } from "effect"

/** Social login providers of the embedded wallet (§3). The display order lives in config (§9). */
export const SocialProvider = Schema.Literals([
  "google",
  "github",
  "apple",
  "facebook",
  "x",
  "discord",
  "farcaster",
])
export type SocialProvider = typeof SocialProvider.Type
export const socialProviders: ReadonlyArray<SocialProvider> = SocialProvider.literals
