import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import type { AlertKey } from "./alerts"

/** §8 embedded frame failures; each shows an alert and aborts what was in flight. */
export const frameFailureAlerts = {
  iframe_load_failed: "iframeLoadFailed",
  iframe_request_timeout: "iframeRequestTimeout",
  unverified_domain: "unverifiedDomain",
} as const satisfies Record<string, AlertKey>

export type FrameFailureCode = keyof typeof frameFailureAlerts

export class EmbeddedFrameError extends AppKitError(
  Schema.TaggedError<EmbeddedFrameError>()("EmbeddedFrameError", {
    code: Schema.Literals(Object.keys(frameFailureAlerts) as ReadonlyArray<FrameFailureCode>),
  }),
) {
  override get message(): string {
    return this.code
  }

  get alert(): AlertKey {
    return frameFailureAlerts[this.code]
  }
}

/**
 * A frame request cut short: an RPC request says 'Request was aborted', anything else 'Something went wrong'.
 * `timeoutMillis` is the request's own bound when that is what ran out (not a close or an abort on demand).
 */
export class FrameAbortedError extends AppKitError(
  Schema.TaggedError<FrameAbortedError>()("FrameAbortedError", {
    rpcRequest: Schema.Boolean,
    timeoutMillis: Schema.optionalKey(Schema.Number),
  }),
  {
    details: (error) =>
      error.timeoutMillis === undefined
        ? undefined
        : `The secure site did not answer within ${Math.round(error.timeoutMillis / 1000)} s`,
  },
) {
  override get message(): string {
    return this.rpcRequest ? "Request was aborted" : "Something went wrong"
  }
}

const defaultFrameErrorMessage = "An error occurred"

/**
 * An error the frame replied with; its text, or 'An error occurred' when the frame gave none, and the secure
 * site's HTTP status when the error came from it.
 */
export class FrameRequestError extends AppKitError(
  Schema.TaggedError<FrameRequestError>()("FrameRequestError", {
    message: Schema.String,
    status: Schema.optionalKey(Schema.Number),
  }),
  { topic: "An error occurred" },
) {
  /** The site's long poll ended unanswered (408): asking again is how a long poll goes on. */
  get pollEnded(): boolean {
    return this.status === 408
  }

  /** The site refused a code as not the one it mailed (422): the user may type it again. */
  get wrongCode(): boolean {
    return this.status === 422
  }

  /** The site is rate limiting the caller (429): asked again after a pause, a bounded number of times. */
  get tooManyRequests(): boolean {
    return this.status === 429
  }

  /** The site failed or could not be reached (5xx): asking again, after a pause, may succeed. */
  get siteUnavailable(): boolean {
    return this.status !== undefined && this.status >= 500
  }
}

export const frameRequestError = (payload: unknown): FrameRequestError => {
  const text =
    typeof payload === "string"
      ? payload
      : typeof payload === "object" &&
          payload !== null &&
          "message" in payload &&
          typeof payload.message === "string"
        ? payload.message
        : ""
  const status =
    typeof payload === "object" &&
    payload !== null &&
    "status" in payload &&
    typeof payload.status === "number"
      ? { status: payload.status }
      : {}
  return new FrameRequestError({ message: text.trim() === "" ? defaultFrameErrorMessage : text, ...status })
}

/** §5: email sign-in is rate limited; `seconds` is what remains of the cooldown, rounded up. */
export class EmailCooldownError extends AppKitError(
  Schema.TaggedError<EmailCooldownError>()("EmailCooldownError", {
    seconds: Schema.Number,
  }),
  { topic: "Please try again after" },
) {
  override get message(): string {
    return `Please try again after ${this.seconds} seconds`
  }
}
