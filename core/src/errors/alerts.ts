import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"

/**
 * §8 alerts: a short title the modal shows and a longer explanation. Core raises them as AlertError values;
 * skins display each alert once.
 */
export const alerts = {
  networkNotFound: {
    shortMessage: "Network Not Found",
    longMessage:
      "Network not found - please make sure it is included in the 'networks' array passed to createAppKit",
  },
  originNotAllowed: {
    shortMessage: "Invalid App Configuration",
    longMessage: "This origin is not on the project's allowlist - update the project configuration",
  },
  iframeLoadFailed: {
    shortMessage: "Network Error - Could not load embedded wallet",
    longMessage: "There was an issue loading the embedded wallet. Please try again later.",
  },
  iframeRequestTimeout: {
    shortMessage: "Embedded Wallet Request Timed Out",
    longMessage: "There was an issue doing the request to the embedded wallet. Please try again later.",
  },
  unverifiedDomain: {
    shortMessage: "Invalid App Configuration",
    longMessage:
      "There was an issue loading the embedded wallet. Please verify that your domain is allowed in the project configuration",
  },
  jwtTokenNotValid: {
    shortMessage: "Session Expired",
    longMessage: "Invalid session found - please check your time settings and connect again",
  },
  invalidProjectId: {
    shortMessage: "Invalid Project ID",
    longMessage: "Invalid Project ID - update the project configuration",
  },
  projectIdNotConfigured: {
    shortMessage: "Project ID Not Configured",
    longMessage: "Project ID Not Configured - set projectId in the AppKit options",
  },
} as const satisfies Record<string, { readonly shortMessage: string; readonly longMessage: string }>

export type AlertKey = keyof typeof alerts
const alertKeys = Object.keys(alerts) as ReadonlyArray<AlertKey>

export class AlertError extends AppKitError(
  Schema.TaggedError<AlertError>()("AlertError", {
    alert: Schema.Literals(alertKeys),
  }),
  { details: (error) => alerts[error.alert].longMessage },
) {
  override get message(): string {
    return alerts[this.alert].shortMessage
  }

  get longMessage(): string {
    return alerts[this.alert].longMessage
  }
}

// The exact texts the project and relay services answer with, matched as substrings because they arrive
// wrapped ("Error: Unauthorized: origin not allowed", JSON bodies, ...).
const serverMessages: ReadonlyArray<readonly [text: string, alert: AlertKey]> = [
  ["Unauthorized: origin not allowed", "originNotAllowed"],
  ["JWT validation error: JWT Token is not yet valid", "jwtTokenNotValid"],
  ["Unauthorized: invalid key", "invalidProjectId"],
]

/** The alert a server error text stands for, if any. */
export const alertForServerMessage = (text: string): AlertKey | undefined =>
  serverMessages.find(([known]) => text.includes(known))?.[1]

/** §8: analytics answering 403 means the origin is not on the allowlist. */
export const alertForAnalyticsStatus = (status: number): AlertKey | undefined =>
  status === 403 ? "originNotAllowed" : undefined
