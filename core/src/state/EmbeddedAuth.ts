import { Context, Effect, Layer, Option, SubscriptionRef } from "effect"
import type { EmbeddedConnectorError } from "../connectors/embedded/EmbeddedConnector"
import type { SocialPopup } from "../connectors/embedded/EmbeddedWallet"
import type { LoadedEmbeddedWallet } from "../connectors/embedded/loadEmbeddedWallet"
import type { AccountState } from "../domain/account"
import type { SocialProvider } from "../domain/social"
import type { AlertKey } from "../errors/alerts"
import { ConnectionError } from "../errors/connection"
import type { EmailCooldownError } from "../errors/embedded"
import type { InvalidParameterError } from "../errors/parameters"
import type { Account } from "./Account"
import type { ConnectErrorType, Connection } from "./Connection"
import type { Modal } from "./Modal"
import { memoized } from "./memoized"
import type { Network } from "./Network"
import type { Router } from "./Router"
import { restoredOr } from "./restoredState"
import type { Toast } from "./Toast"
import { afterPageIdle } from "./whenPageIdle"

/**
 * The §4 email and social login flows of the embedded wallet, as state a skin renders and actions it calls:
 * email → device verification / OTP / connected (with the 30 s cooldown), the email update through a primary
 * then a secondary code, social login through a popup, Farcaster through its QR URL, and the account-type
 * switch. Once the frame holds a session, the wallet connects like any other through Connection (the AUTH
 * connector), and the §3 user lands in Account state. The frame's code loads only on first use.
 */
export type EmbeddedStep =
  | "idle"
  | "verifyDevice"
  | "verifyOtp"
  | "social"
  | "farcaster"
  | "connected"
  | "updateEmailPrimaryOtp"
  | "updateEmailSecondaryOtp"

export interface EmbeddedAuthState {
  /** Whether the dApp configured a secure site (email and socials are offered only then). */
  readonly available: boolean
  readonly step: EmbeddedStep
  /** A request is in flight (the skin disables its inputs). */
  readonly busy: boolean
  /** The address the sign-in (or the update) is for. */
  readonly email: string | undefined
  readonly newEmail: string | undefined
  readonly socialProvider: SocialProvider | undefined
  /** The last failure's text, for the view that caused it. */
  readonly error: string | undefined
  /** The §8 alert of a frame failure (load, timeout, unverified domain). */
  readonly alert: AlertKey | undefined
}

export const initialEmbeddedAuthState: EmbeddedAuthState = {
  available: false,
  step: "idle",
  busy: false,
  email: undefined,
  newEmail: undefined,
  socialProvider: undefined,
  error: undefined,
  alert: undefined,
}

/** The flow's first state: `available` when a secure site (the EmbeddedWalletSource) is configured. */
export const embeddedAuthStateOf = (available: boolean): EmbeddedAuthState => ({
  ...initialEmbeddedAuthState,
  available,
})

/** Where the embedded wallet comes from: createAppKit provides it when `secureSiteUrl` is set. */
export class EmbeddedWalletSource extends Context.Service<
  EmbeddedWalletSource,
  {
    readonly connectorId: string
    /** The AUTH connector, its frame mounted and introduced to the dApp (once; a failed load is retried). */
    readonly load: Effect.Effect<LoadedEmbeddedWallet, EmbeddedConnectorError>
  }
>()("appkit/EmbeddedWalletSource") {}

export type EmbeddedAuthError =
  | EmbeddedConnectorError
  | ConnectErrorType
  | EmailCooldownError
  | InvalidParameterError
  | ConnectionError

/** The eip155 account type the dApp asks the embedded wallet for (§9: the smart account unless set to the EOA). */
export const preferredEvmAccountType = (state: AccountState): "eoa" | "smartAccount" =>
  state.preferredAccountTypes.eip155 === "eoa" ? "eoa" : "smartAccount"

export class EmbeddedAuth extends Context.Service<
  EmbeddedAuth,
  {
    readonly state: SubscriptionRef.SubscriptionRef<EmbeddedAuthState>
    /** §4: sends the code (or the device link); the step says what the user does next. */
    readonly connectEmail: (email: string) => Effect.Effect<EmbeddedStep, EmbeddedAuthError>
    /** The 6-digit code from the mail: connects. */
    readonly verifyOtp: (otp: string) => Effect.Effect<void, EmbeddedAuthError>
    /** Social login; `popup` was opened blank on the user's click (popup blockers allow only that). */
    readonly connectSocial: (
      provider: Exclude<SocialProvider, "farcaster">,
      popup: SocialPopup,
    ) => Effect.Effect<void, EmbeddedAuthError>
    /** Social login without a popup (a terminal, a full-page redirect): the provider's URL to open… */
    readonly socialRedirectUri: (
      provider: Exclude<SocialProvider, "farcaster">,
    ) => Effect.Effect<string, EmbeddedAuthError>
    /** …and the URL the provider sent the browser back to, which completes it. */
    readonly completeSocialLogin: (redirectUrl: string) => Effect.Effect<void, EmbeddedAuthError>
    /** The Farcaster QR URL (into Account state's `farcasterUrl`); `connectFarcaster` then waits for it. */
    readonly farcasterUrl: Effect.Effect<string, EmbeddedAuthError>
    readonly connectFarcaster: Effect.Effect<void, EmbeddedAuthError>
    /** §4 email update: the new address, then the code to the current one, then the code to the new one. */
    readonly updateEmail: (email: string) => Effect.Effect<EmbeddedStep, EmbeddedAuthError>
    readonly updateEmailPrimaryOtp: (otp: string) => Effect.Effect<void, EmbeddedAuthError>
    readonly updateEmailSecondaryOtp: (otp: string) => Effect.Effect<string, EmbeddedAuthError>
    /** §4 account-type switch, falling back to the EOA on error; returns the type in use. */
    readonly setAccountType: (
      type: "eoa" | "smartAccount",
    ) => Effect.Effect<"eoa" | "smartAccount", EmbeddedAuthError>
    /** Back to the start of the flow (the view's back button). */
    readonly reset: Effect.Effect<void>
  }
>()("appkit/EmbeddedAuth") {
  static readonly layer = Layer.effect(
    EmbeddedAuth,
    Effect.gen(function* () {
      const source = yield* Effect.serviceOption(EmbeddedWalletSource)
      const state = yield* SubscriptionRef.make<EmbeddedAuthState>(
        yield* restoredOr(
          "embedded",
          Effect.sync(() => embeddedAuthStateOf(Option.isSome(source))),
        ),
      )
      const reset = SubscriptionRef.update(state, (s) => ({
        ...s,
        step: "idle" as const,
        error: undefined,
        alert: undefined,
        newEmail: undefined,
      }))
      // The flows are code of their own, fetched once a secure site is configured (never by an app without one).
      const services = yield* Effect.context<Connection | Account | Network | Toast | Modal | Router>()
      const flows = Option.isNone(source)
        ? Effect.fail(new ConnectionError({ reason: "addressOrAuthConnectorNotFound" }))
        : memoized(
            Effect.flatMap(
              Effect.promise(() => import("./lazyFlows")),
              (module) => Effect.provideContext(module.makeEmbeddedFlows(state, source.value), services),
            ),
          )
      // The watch starts from the connection's current state, so it may wait until the page has painted.
      if (Option.isSome(source))
        yield* Effect.forkScoped(afterPageIdle(Effect.flatMap(flows, (f) => f.watch)))
      return EmbeddedAuth.of({
        state,
        connectEmail: (email) => Effect.flatMap(flows, (f) => f.connectEmail(email)),
        verifyOtp: (otp) => Effect.flatMap(flows, (f) => f.verifyOtp(otp)),
        connectSocial: (provider, popup) => Effect.flatMap(flows, (f) => f.connectSocial(provider, popup)),
        socialRedirectUri: (provider) => Effect.flatMap(flows, (f) => f.socialRedirectUri(provider)),
        completeSocialLogin: (url) => Effect.flatMap(flows, (f) => f.completeSocialLogin(url)),
        farcasterUrl: Effect.flatMap(flows, (f) => f.farcasterUrl),
        connectFarcaster: Effect.flatMap(flows, (f) => f.connectFarcaster),
        updateEmail: (email) => Effect.flatMap(flows, (f) => f.updateEmail(email)),
        updateEmailPrimaryOtp: (otp) => Effect.flatMap(flows, (f) => f.updateEmailPrimaryOtp(otp)),
        updateEmailSecondaryOtp: (otp) => Effect.flatMap(flows, (f) => f.updateEmailSecondaryOtp(otp)),
        setAccountType: (type) => Effect.flatMap(flows, (f) => f.setAccountType(type)),
        // Going back first ends the steps under way, so none of them reports (or polls) on after it.
        reset: Effect.andThen(Effect.ignore(Effect.flatMap(flows, (f) => f.abandon)), reset),
      })
    }),
  )
}
