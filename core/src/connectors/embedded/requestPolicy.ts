import type { Duration } from "effect"
import { Timings } from "../../config/constants"
import type { FrameRequestTag } from "./protocol"

/**
 * How long each frame request may take and what its expiry means (§8, §9), in one table.
 *
 * - Before a request is posted the frame must be ready (its `ready` message, then the 500 ms ready delay),
 *   waiting at most 20 s. For most requests running out is `iframe_load_failed` (an alert, and every request
 *   in flight is aborted); the three that only keep the frame in step (theme, dApp data, preferred account)
 *   give up quietly instead.
 * - Connect email, device, OTP and social, and the social redirect URI, expire after 30 s with
 *   `iframe_request_timeout` (an alert, and every other request in flight is aborted).
 * - Sign-out waits 3 s in all, then counts as done: the dApp forgets the session whatever the frame says.
 * - The Farcaster approval is paced by the user on another device, so it waits as long as a pairing does.
 * - Every other request is bounded by the same 30 s and is aborted when it runs out ('Request was aborted'
 *   for an RPC request, 'Something went wrong' otherwise).
 */
export interface RequestPolicy {
  /** Whether not becoming ready in time raises the `iframe_load_failed` alert (else a quiet abort). */
  readonly alertsOnLoadFailure: boolean
  readonly timeout: Duration.Duration
  /** What the request's expiry is: the `iframe_request_timeout` alert, an abort, or (sign-out) success. */
  readonly onExpiry: "requestTimeout" | "abort" | "settle"
}

const timedConnect: RequestPolicy = {
  alertsOnLoadFailure: true,
  timeout: Timings.frameRequestTimeout,
  onExpiry: "requestTimeout",
}
const bounded: RequestPolicy = {
  alertsOnLoadFailure: true,
  timeout: Timings.frameRequestTimeout,
  onExpiry: "abort",
}
const frameSync: RequestPolicy = { ...bounded, alertsOnLoadFailure: false }

const policies: Record<FrameRequestTag, RequestPolicy> = {
  ConnectEmail: timedConnect,
  ConnectDevice: timedConnect,
  ConnectOtp: timedConnect,
  ConnectSocial: timedConnect,
  GetSocialRedirectUri: timedConnect,
  GetFarcasterUri: bounded,
  ConnectFarcaster: { ...bounded, timeout: Timings.frameUserActionTimeout },
  IsConnected: bounded,
  GetUser: bounded,
  SwitchNetwork: bounded,
  SignOut: { alertsOnLoadFailure: false, timeout: Timings.frameSignOutWait, onExpiry: "settle" },
  RpcRequest: bounded,
  UpdateEmail: bounded,
  UpdateEmailPrimaryOtp: bounded,
  UpdateEmailSecondaryOtp: bounded,
  GetSmartAccountEnabledNetworks: bounded,
  SyncTheme: frameSync,
  SyncDappData: frameSync,
  SetPreferredAccount: frameSync,
}

export const requestPolicy = (tag: FrameRequestTag): RequestPolicy => policies[tag]
