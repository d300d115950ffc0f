import type { Effect } from "effect"
import type { SocialPopup } from "../connectors/embedded/EmbeddedWallet"
import type { SocialProvider } from "../domain/social"
import { InvalidParameterError } from "../errors/parameters"
import type { EmbeddedAuth, EmbeddedStep } from "../state/EmbeddedAuth"

/**
 * The Promise facade of the email and social login flows (EmbeddedAuth). Each rejects with the tagged error
 * itself: EmailCooldownError ('Please try again after {n} seconds'), InvalidParameterError for an address or
 * code that cannot be right, the frame's errors (EmbeddedFrameError carries its §8 alert).
 */
export interface EmbeddedAuthActions {
  /** Sends the code (or, for a known user on a new device, the approval link): resolves to the next step. */
  connectEmail(email: string): Promise<EmbeddedStep>
  verifyOtp(otp: string): Promise<void>
  /**
   * Social login in a popup. Call it from the click handler: the popup opens at once (blank, so no popup
   * blocker stops it) and goes to the provider when its URL is known. Pass `popup` to bring your own window.
   */
  connectSocial(provider: Exclude<SocialProvider, "farcaster">, popup?: SocialPopup): Promise<void>
  /** Social login without a popup: the provider's URL to open (a terminal prints it)… */
  socialRedirectUri(provider: Exclude<SocialProvider, "farcaster">): Promise<string>
  /** …then the URL the browser was sent back to completes it. */
  completeSocialLogin(redirectUrl: string): Promise<void>
  /** The Farcaster QR URL; then `connectFarcaster()` waits until it is approved. */
  farcasterUrl(): Promise<string>
  connectFarcaster(): Promise<void>
  updateEmail(email: string): Promise<EmbeddedStep>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** Resolves to the new address, now the user's. */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /** §4 account-type switch; resolves to the type in use (the EOA when the switch failed). */
  setAccountType(type: "eoa" | "smartAccount"): Promise<"eoa" | "smartAccount">
  /** Back to the start of the flow. */
  reset(): Promise<void>
}

/** Runs an action on the instance's EmbeddedAuth service (once it is built). */
type Run = <A, E>(action: (auth: EmbeddedAuth["Service"]) => Effect.Effect<A, E>) => Promise<A>

const popupFeatures = "popup=yes,width=600,height=700"

/** A blank popup opened now (inside the user's click), sent to the provider's URL later. */
const openBrowserPopup = (): SocialPopup | undefined => {
  const view = (globalThis as { window?: Window }).window
  const popup = view?.open("about:blank", "appkit-social-login", popupFeatures)
  if (popup === null || popup === undefined) return undefined
  return {
    window: popup,
    navigate: (uri) => {
      popup.location.href = uri
    },
  }
}

export const embeddedActions = (run: Run): EmbeddedAuthActions => ({
  connectEmail: (email) => run((auth) => auth.connectEmail(email)),
  verifyOtp: (otp) => run((auth) => auth.verifyOtp(otp)),
  connectSocial: (provider, popup) => {
    const window = popup ?? openBrowserPopup()
    if (window === undefined)
      return Promise.reject(
        new InvalidParameterError({
          parameter: "popup",
          expected: "a window: the browser blocked the login popup (call connectSocial from a click)",
        }),
      )
    return run((auth) => auth.connectSocial(provider, window))
  },
  socialRedirectUri: (provider) => run((auth) => auth.socialRedirectUri(provider)),
  completeSocialLogin: (redirectUrl) => run((auth) => auth.completeSocialLogin(redirectUrl)),
  farcasterUrl: () => run((auth) => auth.farcasterUrl),
  connectFarcaster: () => run((auth) => auth.connectFarcaster),
  updateEmail: (email) => run((auth) => auth.updateEmail(email)),
  updateEmailPrimaryOtp: (otp) => run((auth) => auth.updateEmailPrimaryOtp(otp)),
  updateEmailSecondaryOtp: (otp) => run((auth) => auth.updateEmailSecondaryOtp(otp)),
  setAccountType: (type) => run((auth) => auth.setAccountType(type)),
  reset: () => run((auth) => auth.reset),
})
