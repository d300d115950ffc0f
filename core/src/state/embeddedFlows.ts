import { Duration, Effect, Fiber, Option, Schedule, Schema, Stream, SubscriptionRef } from "effect"
import { QueryRetry, Timings } from "../config/constants"
import type { EmbeddedConnector } from "../connectors/embedded/EmbeddedConnector"
import type { SocialPopup } from "../connectors/embedded/EmbeddedWallet"
import { decodeCaipNetworkId } from "../domain/caip"
import type { SocialProvider } from "../domain/social"
import { EmbeddedFrameError } from "../errors/embedded"
import { InvalidParameterError } from "../errors/parameters"
import { backoffSchedule } from "../http/QueryCache"
import { Email } from "../validation/email"
import { Otp } from "../validation/otp"
import { Account } from "./Account"
import { Connection } from "./Connection"
import {
  type EmbeddedAuthState,
  type EmbeddedWalletSource,
  initialEmbeddedAuthState,
  preferredEvmAccountType,
} from "./EmbeddedAuth"
import { requestEmailOtp } from "./emailOtpCooldown"
import { Modal } from "./Modal"
import { Network } from "./Network"
import { Router, type View } from "./Router"
import { Toast } from "./Toast"

/**
 * The §4 flows behind EmbeddedAuth, loaded (a dynamic import) only by an app with a secure site: email →
 * device verification / OTP / connected, social login, Farcaster, the email update, the account-type switch,
 * and the watch that keeps the flow in step with the connection (a reload restores the user).
 */
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

/** The pause before asking the secure site again whether a new device has been approved. */
const deviceApprovalRetryDelay = Duration.seconds(1)

/** The views a login runs in: once it is done, these give way. */
const loginViews: ReadonlyArray<View> = ["Connect", "ConnectingFarcaster"]

export const makeEmbeddedFlows = Effect.fn("EmbeddedAuth.flows")(function* (
  state: SubscriptionRef.SubscriptionRef<EmbeddedAuthState>,
  source: EmbeddedWalletSource["Service"],
) {
  const connection = yield* Connection
  const account = yield* Account
  const network = yield* Network
  const toast = yield* Toast
  const modal = yield* Modal
  const router = yield* Router
  const set = (patch: Partial<EmbeddedAuthState>) =>
    SubscriptionRef.update(state, (s) => ({ ...s, ...patch }))

  const loaded = Effect.tap(source.load, (wallet) =>
    SubscriptionRef.update(network.state, (n) => ({
      ...n,
      smartAccountEnabledNetworks: wallet.smartAccountEnabledNetworks.flatMap((id) =>
        Option.toArray(decodeCaipNetworkId(`eip155:${id}`)),
      ),
    })),
  )

  /** The login context every flow sends: the active eip155 chain and the preferred account type. */
  const loginContext = Effect.gen(function* () {
    const { activeNetworkIds } = yield* SubscriptionRef.get(network.state)
    const preferredAccountType = preferredEvmAccountType(yield* SubscriptionRef.get(account.state))
    const chainId = chainIdOf(activeNetworkIds.eip155)
    return { ...(chainId === undefined ? {} : { chainId }), preferredAccountType }
  })

  /** The steps under way: going back (`abandon`) ends their waits, so none reports minutes later. */
  const running = new Set<Fiber.Fiber<unknown, unknown>>()

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
      Effect.forkChild({ startImmediately: true }),
      Effect.flatMap((fiber) => {
        running.add(fiber)
        return Effect.ensuring(
          Fiber.join(fiber),
          Effect.sync(() => running.delete(fiber)),
        )
      }),
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
    // Done with the login's own views: embedded mode goes back to Account rather than closing (Modal.close
    // knows). A view that opened meanwhile (SIWX asking the new account to sign in) is the user's next step.
    if (loginViews.includes((yield* SubscriptionRef.get(router.state)).view)) yield* modal.close()
  })

  const connectEmail = (input: string) =>
    step(
      Effect.gen(function* () {
        const email = yield* checked(decodeEmail(input.trim()), "email", "a valid email address")
        const { connector } = yield* loaded
        yield* set({ email, socialProvider: undefined })
        // A login by email: an earlier social login's provider (stored) no longer names this one.
        yield* account.setSocialProvider(undefined)
        const action = yield* requestEmailOtp(connection.state, connector.wallet.connectEmail(email))
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

  /**
   * Each ConnectDevice waits up to the site's long poll; the user has the link's time to approve. A long poll
   * that ends unanswered (or a site that answers it at once) is asked again after a pause, not in a loop; a
   * site that failed or cannot be reached is asked again with a pause that grows. A rate limit (429) is
   * asked again as the API client retries one: the same growing pause, `QueryRetry.retries` times in all,
   * then the step fails with the site's text. Anything else the site says (an unknown address) asking again
   * cannot change: it fails the step at once.
   */
  const awaitDevice = (connector: EmbeddedConnector) =>
    Effect.timeoutOrElse(
      connector.wallet.connectDevice.pipe(
        Effect.retry({
          while: (error) => error._tag === "FrameRequestError" && error.siteUnavailable,
          schedule: backoffSchedule,
        }),
        Effect.retry({
          while: (error) => error._tag === "FrameRequestError" && error.pollEnded,
          schedule: Schedule.forever.pipe(
            Schedule.modifyDelay(() => Effect.succeed(deviceApprovalRetryDelay)),
          ),
        }),
        Effect.retry({
          while: (error) => error._tag === "FrameRequestError" && error.tooManyRequests,
          schedule: backoffSchedule,
          times: QueryRetry.retries,
        }),
      ),
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

  /**
   * §8: a social or Farcaster login that fails says so in a toast and leaves nothing half connected. Only the
   * embedded wallet's own connection is undone: the failure may come minutes later (a popup closed, the login
   * abandoned), when eip155 is another wallet's.
   */
  const socialFailure = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.tapError(effect, () =>
      Effect.andThen(
        toast.showCatalogue("authInitFailed"),
        Effect.flatMap(SubscriptionRef.get(connection.state), ({ connections }) =>
          connections.eip155?.connectorId === source.connectorId
            ? Effect.ignore(connection.disconnect("eip155"))
            : Effect.void,
        ),
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
        const action = yield* requestEmailOtp(connection.state, connector.wallet.updateEmail(email))
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
        // The user as the switch left it: the login context's account type is the one being replaced, and the
        // site takes a type it is sent as the user's new choice.
        const { chainId } = yield* loginContext
        const user = yield* connector.wallet.getUser({ chainId })
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
  const watch = SubscriptionRef.changes(connection.state).pipe(
    Stream.map((c) => c.status === "connected" && c.connections.eip155?.connectorId === source.connectorId),
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
  )

  return {
    connectEmail,
    verifyOtp,
    connectSocial,
    socialRedirectUri,
    completeSocialLogin,
    farcasterUrl,
    connectFarcaster,
    /** Ends every step under way (the user went back): interrupted, it reports nothing. */
    abandon: Effect.suspend(() => Fiber.interruptAll([...running])),
    updateEmail,
    updateEmailPrimaryOtp,
    updateEmailSecondaryOtp,
    setAccountType,
    watch,
  }
})
