import { Context, Effect, Layer, Option, Schema, Stream, SubscriptionRef } from "effect"
import { Timings } from "../config/constants"
import type { EmbeddedConnector, EmbeddedConnectorError } from "../connectors/embedded/EmbeddedConnector"
import type { SocialPopup } from "../connectors/embedded/EmbeddedWallet"
import type { LoadedEmbeddedWallet } from "../connectors/embedded/loadEmbeddedWallet"
import type { AccountState } from "../domain/account"
import { decodeCaipNetworkId } from "../domain/caip"
import type { SocialProvider } from "../domain/social"
import type { AlertKey } from "../errors/alerts"
import { ConnectionError } from "../errors/connection"
import { type EmailCooldownError, EmbeddedFrameError } from "../errors/embedded"
import { InvalidParameterError } from "../errors/parameters"
import { Email } from "../validation/email"
import { Otp } from "../validation/otp"
import { Account } from "./Account"
import { type ConnectErrorType, Connection } from "./Connection"
import { Modal } from "./Modal"
import { Network } from "./Network"
import { Toast } from "./Toast"

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

const decodeEmail = Schema.decodeUnknownOption(Email)
const decodeOtp = Schema.decodeUnknownOption(Otp)

const checked = <A>(decoded: Option.Option<A>, parameter: string, expected: string) =>
  Option.match(decoded, {
    onNone: () => Effect.fail(new InvalidParameterError({ parameter, expected })),
    onSome: Effect.succeed,
  })

const chainIdOf = (caip: string | undefined): number | undefined => {
  const reference = caip?.startsWith("eip155:") ? Number(caip.slice("eip155:".length)) : Number.NaN
  return Number.isSafeInteger(reference) && reference > 0 ? reference : undefined
}

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
      const connection = yield* Connection
      const account = yield* Account
      const network = yield* Network
      const toast = yield* Toast
      const modal = yield* Modal
      const state = yield* SubscriptionRef.make<EmbeddedAuthState>({
        ...initialEmbeddedAuthState,
        available: Option.isSome(source),
      })
      const set = (patch: Partial<EmbeddedAuthState>) =>
        SubscriptionRef.update(state, (s) => ({ ...s, ...patch }))

      const loaded = Option.match(source, {
        onNone: () => Effect.fail(new ConnectionError({ reason: "addressOrAuthConnectorNotFound" })),
        onSome: (s) =>
          Effect.tap(s.load, (wallet) =>
            SubscriptionRef.update(network.state, (n) => ({
              ...n,
              smartAccountEnabledNetworks: wallet.smartAccountEnabledNetworks.flatMap((id) =>
                Option.toArray(decodeCaipNetworkId(`eip155:${id}`)),
              ),
            })),
          ),
      })

      /** The login context every flow sends: the active eip155 chain and the preferred account type. */
      const loginContext = Effect.gen(function* () {
        const { activeNetworkIds } = yield* SubscriptionRef.get(network.state)
        const preferredAccountType = preferredEvmAccountType(yield* SubscriptionRef.get(account.state))
        const chainId = chainIdOf(activeNetworkIds.eip155)
        return { ...(chainId === undefined ? {} : { chainId }), preferredAccountType }
      })

      /** Runs one step: busy while it runs, its failure's text (and a frame failure's alert) kept for the view. */
      const step = <A, E extends { readonly message: string }, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.andThen(set({ busy: true, error: undefined, alert: undefined }), effect).pipe(
          Effect.tapError((error) =>
            set({
              error: error.message,
              alert: error instanceof EmbeddedFrameError ? error.alert : undefined,
            }),
          ),
          Effect.ensuring(set({ busy: false })),
        )

      /** The connected user into Account state (after a reload, or a login). */
      const restoreUser = Effect.gen(function* () {
        const { connector } = yield* loaded
        const user = yield* connector.wallet.getUser(yield* loginContext)
        yield* account.update("eip155", { user, smartAccountDeployed: user.smartAccountDeployed ?? false })
        yield* set({ step: "connected", email: user.email })
        return user
      })

      /** The frame holds a session: connect through Connection, the user into Account state. */
      const finish = Effect.gen(function* () {
        const { connector, smartAccountEnabledNetworks } = yield* loaded
        const before = yield* SubscriptionRef.get(connection.state)
        if (before.connections.eip155?.connectorId !== connector.id) yield* connection.connect(connector.id)
        const user = yield* restoreUser
        // The dApp asked for a smart account where the wallet has none: say so, the EOA serves instead.
        if (
          (yield* loginContext).preferredAccountType === "smartAccount" &&
          !smartAccountEnabledNetworks.includes(Number(user.chainId))
        )
          yield* toast.showCatalogue("smartAccountsUnsupported")
        // Embedded mode goes back to Account rather than closing (Modal.close knows).
        yield* modal.close()
      })

      const connectEmail = (input: string) =>
        step(
          Effect.gen(function* () {
            const email = yield* checked(decodeEmail(input.trim()), "email", "a valid email address")
            const { connector } = yield* loaded
            yield* set({ email, socialProvider: undefined })
            const action = yield* connection.requestEmailOtp(connector.wallet.connectEmail(email))
            if (action === "CONNECTED") {
              yield* finish
              return "connected" as const
            }
            if (action === "VERIFY_OTP") {
              yield* set({ step: "verifyOtp" })
              return "verifyOtp" as const
            }
            // A known user on a new device: approved from the mailed link, after which the code is mailed.
            yield* set({ step: "verifyDevice" })
            yield* awaitDevice(connector)
            yield* set({ step: "verifyOtp" })
            return "verifyOtp" as const
          }),
        )

      /** Each ConnectDevice waits up to the site's long poll; the user has the link's time to approve. */
      const awaitDevice = (connector: EmbeddedConnector) =>
        Effect.timeoutOrElse(
          Effect.retry(connector.wallet.connectDevice, {
            while: (error) => error._tag === "FrameRequestError",
          }),
          {
            duration: Timings.frameUserActionTimeout,
            orElse: () => Effect.fail(new EmbeddedFrameError({ code: "iframe_request_timeout" })),
          },
        )

      const verifyOtp = (input: string) =>
        step(
          Effect.gen(function* () {
            const otp = yield* checked(decodeOtp(input.trim()), "code", "6 digits")
            const { connector } = yield* loaded
            yield* connector.wallet.connectOtp(otp)
            yield* finish
          }),
        )

      /** §8: a social or Farcaster login that fails says so in a toast and leaves nothing half connected. */
      const socialFailure = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.tapError(effect, () =>
          Effect.andThen(
            toast.showCatalogue("authInitFailed"),
            Effect.ignore(connection.disconnect("eip155")),
          ),
        )

      const connectSocial = (provider: Exclude<SocialProvider, "farcaster">, popup: SocialPopup) =>
        step(
          socialFailure(
            Effect.gen(function* () {
              const { connector } = yield* loaded
              yield* set({ step: "social", socialProvider: provider })
              yield* connector.wallet.connectSocial(provider, popup, yield* loginContext, {
                authenticating: toast.showCatalogue("authenticating"),
              })
              yield* account.setSocialProvider(provider)
              yield* finish
              yield* toast.hide
            }),
          ),
        )

      const socialRedirectUri = (provider: Exclude<SocialProvider, "farcaster">) =>
        step(
          Effect.gen(function* () {
            const { connector } = yield* loaded
            yield* set({ step: "social", socialProvider: provider })
            return yield* connector.wallet.socialUri(provider)
          }),
        )

      const completeSocialLogin = (redirectUrl: string) =>
        step(
          socialFailure(
            Effect.gen(function* () {
              if (!URL.canParse(redirectUrl))
                return yield* new InvalidParameterError({
                  parameter: "redirect URL",
                  expected: "an absolute URL",
                })
              const { connector } = yield* loaded
              const { socialProvider } = yield* SubscriptionRef.get(state)
              yield* toast.showCatalogue("authenticating")
              yield* connector.wallet.completeSocial(redirectUrl, yield* loginContext)
              if (socialProvider !== undefined) yield* account.setSocialProvider(socialProvider)
              yield* finish
              yield* toast.hide
            }),
          ),
        )

      const farcasterUrl = step(
        Effect.gen(function* () {
          const { connector } = yield* loaded
          const url = yield* connector.wallet.farcasterUrl
          yield* account.update("eip155", { farcasterUrl: url })
          yield* set({ step: "farcaster", socialProvider: "farcaster" })
          return url
        }),
      )

      const connectFarcaster = step(
        socialFailure(
          Effect.gen(function* () {
            const { connector } = yield* loaded
            yield* connector.wallet.connectFarcaster(yield* loginContext)
            yield* account.setSocialProvider("farcaster")
            yield* finish
          }),
        ),
      )

      const updateEmail = (input: string) =>
        step(
          Effect.gen(function* () {
            const email = yield* checked(decodeEmail(input.trim()), "email", "a valid email address")
            const { connector } = yield* loaded
            const action = yield* connection.requestEmailOtp(connector.wallet.updateEmail(email))
            const next = action === "VERIFY_PRIMARY_OTP" ? "updateEmailPrimaryOtp" : "updateEmailSecondaryOtp"
            yield* set({ step: next, newEmail: email })
            return next
          }),
        )

      const updateEmailPrimaryOtp = (input: string) =>
        step(
          Effect.gen(function* () {
            const otp = yield* checked(decodeOtp(input.trim()), "code", "6 digits")
            yield* (yield* loaded).connector.wallet.updateEmailPrimaryOtp(otp)
            yield* set({ step: "updateEmailSecondaryOtp" })
          }),
        )

      const updateEmailSecondaryOtp = (input: string) =>
        step(
          Effect.gen(function* () {
            const otp = yield* checked(decodeOtp(input.trim()), "code", "6 digits")
            const { connector } = yield* loaded
            const email = yield* connector.wallet.updateEmailSecondaryOtp(otp)
            const user = yield* connector.wallet.getUser(yield* loginContext)
            yield* account.update("eip155", { user: { ...user, email } })
            yield* set({ step: "connected", email, newEmail: undefined })
            return email
          }),
        )

      const setAccountType = (type: "eoa" | "smartAccount") =>
        step(
          Effect.gen(function* () {
            const { connector } = yield* loaded
            yield* connector.setAccountType(type)
            const user = yield* connector.wallet.getUser(yield* loginContext)
            const inUse = user.preferredAccountType ?? "eoa"
            yield* account.update("eip155", {
              user,
              smartAccountDeployed: user.smartAccountDeployed ?? false,
            })
            yield* account.setPreferredAccountType("eip155", inUse)
            if (inUse !== type) yield* toast.showCatalogue("smartAccountsUnsupported")
            return inUse
          }),
        )

      // A disconnect (here or from the wallet) ends the flow: the next sign-in starts from the email. A
      // connection restored after a reload brings its user back into Account state, without a new code.
      if (Option.isSome(source))
        yield* Effect.forkScoped(
          SubscriptionRef.changes(connection.state).pipe(
            Stream.map(
              (c) =>
                c.status === "connected" && c.connections.eip155?.connectorId === source.value.connectorId,
            ),
            Stream.changes,
            Stream.runForEach((embeddedConnected) =>
              Effect.gen(function* () {
                const { step: current } = yield* SubscriptionRef.get(state)
                if (!embeddedConnected && current === "connected")
                  return yield* SubscriptionRef.set(state, { ...initialEmbeddedAuthState, available: true })
                if (embeddedConnected && current === "idle")
                  yield* Effect.catchCause(restoreUser, (cause) =>
                    Effect.logWarning("The embedded wallet's user could not be read", cause),
                  )
              }),
            ),
          ),
        )

      return EmbeddedAuth.of({
        state,
        connectEmail,
        verifyOtp,
        connectSocial,
        socialRedirectUri,
        completeSocialLogin,
        farcasterUrl,
        connectFarcaster,
        updateEmail,
        updateEmailPrimaryOtp,
        updateEmailSecondaryOtp,
        setAccountType,
        reset: set({ step: "idle", error: undefined, alert: undefined, newEmail: undefined }),
      })
    }),
  )
}
