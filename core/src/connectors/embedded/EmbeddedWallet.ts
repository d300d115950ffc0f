import { Effect, Option } from "effect"
import { SDK_VERSION } from "../../config/constants"
import type { EmbeddedWalletUser } from "../../domain/account"
import type { RpcPolicyError } from "../../rpc/checkRpcRequest"
import { checkRpcRequest } from "../../rpc/checkRpcRequest"
import type { RpcRequest } from "../Connector"
import type { FrameMessenger, FrameMessengerError } from "./FrameMessenger"
import type { ConnectEmailAction, FrameResponseOf, OAuthProvider } from "./protocol"

/**
 * The embedded wallet as the rest of core uses it: the §4 flows on top of the frame messenger. Connection
 * state calls these (email → device / OTP / connected, social through a popup, Farcaster through its URL,
 * restore on load, email update, account type) and never posts a frame message itself.
 */
export interface LoginContext {
  /** The EVM chain id to answer on (the active network's). */
  readonly chainId?: number | undefined
  /** §9 default for eip155 is the smart account. */
  readonly preferredAccountType?: "eoa" | "smartAccount" | undefined
}

/** The social-login popup, opened blank by the dApp on the user's click so that no popup blocker stops it. */
export interface SocialPopup {
  readonly window: unknown
  /** Sends the popup to the provider's authorization URL. */
  readonly navigate: (uri: string) => void
}

export interface EmbeddedWalletOptions {
  readonly messenger: FrameMessenger
  /** Named in the mail the frame sends ("your code for {name}"). */
  readonly dappName: string
  readonly dappUrl?: string | undefined
}

export type EmbeddedWalletError = FrameMessengerError | RpcPolicyError

const context = (login: LoginContext) => ({
  ...(login.chainId === undefined ? {} : { chainId: login.chainId }),
  ...(login.preferredAccountType === undefined ? {} : { preferredAccountType: login.preferredAccountType }),
})

export const makeEmbeddedWallet = (options: EmbeddedWalletOptions) => {
  const { messenger } = options
  const socialUri = (provider: OAuthProvider) =>
    Effect.map(messenger.request({ _tag: "GetSocialRedirectUri", provider }), (answer) => answer.uri)
  const completeSocial = (redirect: string, login: LoginContext = {}) =>
    messenger.request({ _tag: "ConnectSocial", uri: redirect, ...context(login) })
  return {
    messenger,
    /**
     * Introduces the dApp to the frame and reads the smart-account networks: the frame's start-up, run once
     * it is ready (the messenger waits for that).
     */
    initialize: Effect.flatMap(
      // First the request whose wait for the frame raises the load alert (SyncDappData gives up quietly).
      messenger.request({ _tag: "GetSmartAccountEnabledNetworks" }),
      (answer) =>
        Effect.as(
          messenger.request({
            _tag: "SyncDappData",
            name: options.dappName,
            sdkVersion: SDK_VERSION,
            ...(options.dappUrl === undefined ? {} : { url: options.dappUrl }),
          }),
          answer.smartAccountEnabledNetworks,
        ),
    ),
    /** §4: the next step after an email — device verification, OTP verification, or connected. */
    connectEmail: (email: string): Effect.Effect<ConnectEmailAction, EmbeddedWalletError> =>
      Effect.map(messenger.request({ _tag: "ConnectEmail", email }), (answer) => answer.action),
    /** Waits for the user to approve this device from the mailed link (bounded by the 30 s request timeout). */
    connectDevice: Effect.asVoid(messenger.request({ _tag: "ConnectDevice" })),
    connectOtp: (otp: string) => Effect.asVoid(messenger.request({ _tag: "ConnectOtp", otp })),
    /**
     * Social login: the provider's URL into the popup, its redirect back from it, then the user.
     * `authenticating` runs once the popup came back, while the frame completes the sign-in.
     */
    connectSocial: (
      provider: OAuthProvider,
      popup: SocialPopup,
      login: LoginContext = {},
      hooks: { readonly authenticating?: Effect.Effect<void> } = {},
    ) =>
      Effect.gen(function* () {
        popup.navigate(yield* socialUri(provider))
        const redirect = yield* messenger.awaitSocialRedirect(popup.window)
        if (hooks.authenticating !== undefined) yield* hooks.authenticating
        return yield* completeSocial(redirect, login)
      }),
    /** The provider's authorization URL, for a client without a popup (a terminal prints it). */
    socialUri,
    /** Completes a social login from the URL the provider sent the browser back to. */
    completeSocial,
    /** The URL the Farcaster view shows as a QR code (`farcasterUrl`). */
    farcasterUrl: Effect.map(messenger.request({ _tag: "GetFarcasterUri" }), (answer) => answer.url),
    connectFarcaster: (login: LoginContext = {}) =>
      messenger.request({ _tag: "ConnectFarcaster", ...context(login) }),
    /** The signed-in user if the frame still holds a session (a reload), none otherwise. */
    restore: (
      login: LoginContext = {},
    ): Effect.Effect<Option.Option<EmbeddedWalletUser>, EmbeddedWalletError> =>
      Effect.flatMap(messenger.request({ _tag: "IsConnected" }), ({ isConnected }) =>
        isConnected
          ? Effect.map(messenger.request({ _tag: "GetUser", ...context(login) }), Option.some)
          : Effect.succeed(Option.none()),
      ),
    getUser: (login: LoginContext = {}) => messenger.request({ _tag: "GetUser", ...context(login) }),
    switchNetwork: (chainId: number) =>
      Effect.map(messenger.request({ _tag: "SwitchNetwork", chainId }), (answer) => answer.chainId),
    /** Ends the session; done after 3 s at most whatever the frame says (§9). */
    signOut: Effect.asVoid(messenger.request({ _tag: "SignOut" })),
    /** A JSON-RPC request, through core's RPC gate first (§5 allowlist, §6). */
    request: (request: RpcRequest, chainId?: number): Effect.Effect<unknown, EmbeddedWalletError> =>
      Effect.flatMap(checkRpcRequest(request, { providerConnected: true, namespace: "eip155" }), (checked) =>
        messenger.request({
          _tag: "RpcRequest",
          method: checked.method,
          ...(checked.params === undefined ? {} : { params: checked.params }),
          ...(chainId === undefined ? {} : { chainId }),
        }),
      ),
    /** §4 email update: the new address, then the code to the current one, then the code to the new one. */
    updateEmail: (email: string) =>
      Effect.map(messenger.request({ _tag: "UpdateEmail", email }), (a) => a.action),
    updateEmailPrimaryOtp: (otp: string) =>
      Effect.asVoid(messenger.request({ _tag: "UpdateEmailPrimaryOtp", otp })),
    updateEmailSecondaryOtp: (otp: string) =>
      Effect.map(messenger.request({ _tag: "UpdateEmailSecondaryOtp", otp }), (answer) => answer.newEmail),
    syncTheme: (theme: {
      readonly themeMode?: "light" | "dark"
      readonly themeVariables?: Record<string, string | number>
    }) => Effect.asVoid(messenger.request({ _tag: "SyncTheme", ...theme })),
    /**
     * §4 account-type switch. When the frame refuses it (no smart accounts on this network, or any error),
     * the wallet falls back to the EOA, and says so with `fellBack`.
     */
    setPreferredAccount: (
      type: "eoa" | "smartAccount",
    ): Effect.Effect<
      FrameResponseOf<"SetPreferredAccount"> & { readonly fellBack: boolean },
      EmbeddedWalletError
    > =>
      messenger.request({ _tag: "SetPreferredAccount", type }).pipe(
        Effect.map((answer) => ({ ...answer, fellBack: false })),
        Effect.catch(() =>
          Effect.map(messenger.request({ _tag: "SetPreferredAccount", type: "eoa" }), (answer) => ({
            ...answer,
            fellBack: true,
          })),
        ),
      ),
  }
}

export type EmbeddedWallet = ReturnType<typeof makeEmbeddedWallet>
