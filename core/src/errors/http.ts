import { Schema } from "effect"
import { AppKitError } from "../domain/appKitError"
import { rpcErrorCodeForHttpStatus } from "./rpcCodes"

/** §8: every non-OK HTTP answer is 'HTTP status code: {n}'; the body is kept for diagnosis, never shown. */
export class HttpStatusError extends AppKitError(
  Schema.TaggedError<HttpStatusError>()("HttpStatusError", {
    status: Schema.Number,
    url: Schema.optional(Schema.String),
    body: Schema.optional(Schema.String),
    /** The wait the server asked for before a retry (its `Retry-After`), when it named one. */
    retryAfterMillis: Schema.optionalKey(Schema.Number),
  }),
  { topic: "HTTP status code", details: (error) => error.body },
) {
  override get message(): string {
    return `HTTP status code: ${this.status}`
  }

  /** The JSON-RPC code a wallet-facing caller reports for this status (400/404 → -32600, else -32603). */
  get rpcCode(): number {
    return rpcErrorCodeForHttpStatus(this.status)
  }

  /** §8 names 403 and 503; other statuses have no special meaning to AppKit. */
  get statusName(): string | undefined {
    return namedStatuses[this.status]
  }
}

const namedStatuses: Readonly<Record<number, string>> = { 403: "Forbidden", 503: "Service Unavailable" }

/** A request that got no answer within the configured timeout (the API client bounds every call). */
export class HttpTimeoutError extends AppKitError(
  Schema.TaggedError<HttpTimeoutError>()("HttpTimeoutError", {
    url: Schema.String,
    timeoutMillis: Schema.Number,
  }),
  { topic: "Request timed out", details: (error) => error.url },
) {
  override get message(): string {
    return `Request timed out after ${this.timeoutMillis} ms: ${this.url}`
  }
}

/** The request never produced a response: refused or dropped connection, DNS failure, aborted fetch. */
export class HttpTransportError extends AppKitError(
  Schema.TaggedError<HttpTransportError>()("HttpTransportError", {
    url: Schema.String,
    reason: Schema.String,
  }),
  { topic: "Network request failed", details: (error) => error.reason },
) {
  override get message(): string {
    return `Network request failed: ${this.url} (${this.reason})`
  }
}

/** An OK answer whose body is not the JSON shape the call expects (malformed JSON or wrong fields). */
export class ResponseDecodeError extends AppKitError(
  Schema.TaggedError<ResponseDecodeError>()("ResponseDecodeError", {
    url: Schema.String,
    issue: Schema.String,
  }),
  { topic: "Unexpected response", details: (error) => error.issue },
) {
  override get message(): string {
    return `Unexpected response from ${this.url}: ${this.issue}`
  }
}
