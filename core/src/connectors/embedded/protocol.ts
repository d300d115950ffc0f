import { Schema } from "effect"
import { EmbeddedWalletUser, EvmAccountType } from "../../domain/account"
import { SocialProvider } from "../../domain/social"
import { Email } from "../../validation/email"
import { Otp } from "../../validation/otp"

/**
 * The cross-window protocol between a dApp and the embedded wallet's secure frame (§7): every message both
 * sides exchange, as Effect Schemas. The dApp's messenger and the secure site's frame page both import this
 * module, so a request or answer can never mean one thing on one side and another on the other.
 *
 * The dApp posts `AppMessage`s (a request with an id); the frame answers each with a `reply` or an `error`
 * carrying the same id, and announces itself with `ready` (or `unverifiedDomain` when the dApp's origin is not
 * on its allowlist). A social-login popup, back from the provider, posts one `socialResult` to its opener.
 */
export const EMBEDDED_PROTOCOL = "appkit-embedded/1"
const Protocol = Schema.Literal(EMBEDDED_PROTOCOL)

/** Request ids are short opaque tokens; anything else is not one of ours. */
export const RequestId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/))

/** An EVM chain id (the frame's wallet is an eip155 wallet), as the number EIP-155 defines. */
export const FrameChainId = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
)

/** OAuth providers the frame starts a redirect for; Farcaster signs in through its own channel instead. */
export const OAuthProvider = Schema.Literals(
  SocialProvider.literals.filter((provider) => provider !== "farcaster"),
)
export type OAuthProvider = typeof OAuthProvider.Type

const Url = Schema.String.check(
  Schema.makeFilter((value: string) => URL.canParse(value), { expected: "an absolute URL" }),
)

const Empty = Schema.Struct({})

const HttpStatus = Schema.Int.check(Schema.isBetween({ minimum: 100, maximum: 599 }))

/** Which account to answer with and on which chain: the dApp's preference travels with every login. */
const LoginContext = {
  chainId: Schema.optionalKey(FrameChainId),
  preferredAccountType: Schema.optionalKey(EvmAccountType),
}

/** Every request the dApp can make; the `_tag` names it on the wire. */
export const FrameRequest = Schema.TaggedUnion({
  ConnectEmail: { email: Email },
  /** Waits until the user approved this device from the link mailed to them. */
  ConnectDevice: {},
  ConnectOtp: { otp: Otp },
  GetSocialRedirectUri: { provider: OAuthProvider },
  /** `uri` is where the provider sent the popup back to (it carries the authorization code). */
  ConnectSocial: { uri: Url, ...LoginContext },
  GetFarcasterUri: {},
  /** Waits until the Farcaster sign-in behind the last `GetFarcasterUri` is approved. */
  ConnectFarcaster: LoginContext,
  IsConnected: {},
  GetUser: LoginContext,
  SwitchNetwork: { chainId: FrameChainId },
  SignOut: {},
  RpcRequest: {
    method: Schema.NonEmptyString,
    params: Schema.optionalKey(Schema.Unknown),
    chainId: Schema.optionalKey(FrameChainId),
  },
  UpdateEmail: { email: Email },
  UpdateEmailPrimaryOtp: { otp: Otp },
  UpdateEmailSecondaryOtp: { otp: Otp },
  SyncTheme: {
    themeMode: Schema.optionalKey(Schema.Literals(["light", "dark"])),
    themeVariables: Schema.optionalKey(
      Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number])),
    ),
  },
  /** Who is asking: the frame names the dApp in the mail it sends. */
  SyncDappData: { name: Schema.NonEmptyString, url: Schema.optionalKey(Url), sdkVersion: Schema.String },
  GetSmartAccountEnabledNetworks: {},
  SetPreferredAccount: { type: EvmAccountType },
})
export type FrameRequest = typeof FrameRequest.Type
export type FrameRequestTag = FrameRequest["_tag"]
export type FrameRequestOf<Tag extends FrameRequestTag> = Extract<FrameRequest, { readonly _tag: Tag }>

/** §4: email connect leads to device verification, OTP verification, or straight to connected. */
export const ConnectEmailAction = Schema.Literals(["VERIFY_DEVICE", "VERIFY_OTP", "CONNECTED"])
export type ConnectEmailAction = typeof ConnectEmailAction.Type

/** What the frame answers to each request. */
export const FrameResponses = {
  ConnectEmail: Schema.Struct({ action: ConnectEmailAction }),
  ConnectDevice: Empty,
  ConnectOtp: Empty,
  GetSocialRedirectUri: Schema.Struct({ uri: Url }),
  ConnectSocial: EmbeddedWalletUser,
  GetFarcasterUri: Schema.Struct({ url: Url }),
  ConnectFarcaster: EmbeddedWalletUser,
  IsConnected: Schema.Struct({ isConnected: Schema.Boolean }),
  GetUser: EmbeddedWalletUser,
  SwitchNetwork: Schema.Struct({ chainId: FrameChainId }),
  SignOut: Empty,
  RpcRequest: Schema.Unknown,
  /** §4: an email update goes through a primary OTP (the current address), then a secondary one (the new). */
  UpdateEmail: Schema.Struct({ action: Schema.Literals(["VERIFY_PRIMARY_OTP", "VERIFY_SECONDARY_OTP"]) }),
  UpdateEmailPrimaryOtp: Empty,
  UpdateEmailSecondaryOtp: Schema.Struct({ newEmail: Email }),
  SyncTheme: Empty,
  SyncDappData: Empty,
  GetSmartAccountEnabledNetworks: Schema.Struct({ smartAccountEnabledNetworks: Schema.Array(FrameChainId) }),
  SetPreferredAccount: Schema.Struct({ type: EvmAccountType, address: Schema.NonEmptyString }),
} as const satisfies Record<FrameRequestTag, Schema.Top>

export type FrameResponseOf<Tag extends FrameRequestTag> = (typeof FrameResponses)[Tag]["Type"]

/** dApp → frame. */
export const AppMessage = Schema.Struct({ protocol: Protocol, id: RequestId, request: FrameRequest })
export type AppMessage = typeof AppMessage.Type

/** frame → dApp. */
export const FrameMessage = Schema.Union([
  Schema.Struct({ protocol: Protocol, kind: Schema.Literal("ready") }),
  Schema.Struct({ protocol: Protocol, kind: Schema.Literal("unverifiedDomain") }),
  Schema.Struct({
    protocol: Protocol,
    kind: Schema.Literal("reply"),
    id: RequestId,
    result: Schema.optionalKey(Schema.Unknown),
  }),
  Schema.Struct({
    protocol: Protocol,
    kind: Schema.Literal("error"),
    id: RequestId,
    message: Schema.String,
    /** The site's HTTP status behind the error, when it came from the site: whether asking again may help. */
    status: Schema.optionalKey(HttpStatus),
  }),
])
export type FrameMessage = typeof FrameMessage.Type

/** social-login popup → dApp, once the provider redirected it back to the secure site. */
export const PopupMessage = Schema.Struct({
  protocol: Protocol,
  kind: Schema.Literal("socialResult"),
  uri: Url,
})
export type PopupMessage = typeof PopupMessage.Type

export const frameMessage = {
  ready: (): FrameMessage => ({ protocol: EMBEDDED_PROTOCOL, kind: "ready" }),
  unverifiedDomain: (): FrameMessage => ({ protocol: EMBEDDED_PROTOCOL, kind: "unverifiedDomain" }),
  reply: (id: string, result: unknown): FrameMessage => ({
    protocol: EMBEDDED_PROTOCOL,
    kind: "reply",
    id,
    result,
  }),
  error: (id: string, message: string, status?: number): FrameMessage => ({
    protocol: EMBEDDED_PROTOCOL,
    kind: "error",
    id,
    message,
    ...(status === undefined ? {} : { status }),
  }),
  socialResult: (uri: string): PopupMessage => ({ protocol: EMBEDDED_PROTOCOL, kind: "socialResult", uri }),
} as const

export const decodeAppMessage = Schema.decodeUnknownResult(AppMessage)
export const decodeFrameMessage = Schema.decodeUnknownResult(FrameMessage)
export const decodePopupMessage = Schema.decodeUnknownResult(PopupMessage)

/** Decodes a frame's answer to `tag` (the frame is another origin's code: its answers are input like any other). */
export const decodeFrameResponse = <Tag extends FrameRequestTag>(tag: Tag, result: unknown) =>
  Schema.decodeUnknownResult(FrameResponses[tag] as Schema.Codec<FrameResponseOf<Tag>, unknown>)(result)
