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

/** A frame request cut short: an RPC request says 'Request was aborted', anything else 'Something went wrong'. */
export class FrameAbortedError extends AppKitError(
  Schema.TaggedError<FrameAbortedError>()("FrameAbortedError", {
    rpcRequest: Schema.Boolean,
  }),
) {
  override get message(): string {
    return this.rpcRequest ? "Request was aborted" : "Something went wrong"
  }
}

const defaultFrameErrorMessage = "An error occurred"

/** An error the frame replied with; its text, or 'An error occurred' when the frame gave none. */
export class FrameRequestError extends AppKitError(
  Schema.TaggedError<FrameRequestError>()("FrameRequestError", {
    message: Schema.String,
  }),
  { topic: "An error occurred" },
) {}

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
  return new FrameRequestError({ message: text.trim() === "" ? defaultFrameErrorMessage : text })
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
