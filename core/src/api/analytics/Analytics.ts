import { Context, type Effect } from "effect"
import type { AlertError } from "../../errors/alerts"

/** Created on every page load; too frequent to be worth sending (§7). */
export const skippedEvents: ReadonlyArray<string> = ["MODAL_CREATED"]

export interface AnalyticsEvent {
  /** e.g. "MODAL_OPEN", "CONNECT_SUCCESS". */
  readonly event: string
  readonly properties?: Readonly<Record<string, unknown>> | undefined
  /** The connected address, added to the props. */
  readonly address?: string | undefined
}

export interface ErrorEvent {
  readonly type: string
  readonly message: string
  readonly stack?: string | undefined
  readonly url: string
}

export interface AnalyticsOptions {
  /** The `analytics` feature (on by default, §9); remote config may switch it later with `setEnabled`. */
  readonly enabled: boolean
  /** The page the events come from (core has no `window`: the skin or CLI supplies them). */
  readonly url: string
  readonly domain: string
}

export interface AnalyticsShape {
  /**
   * POST /e when analytics is on. Never fails for an outage; fails once with the 'Invalid App
   * Configuration' alert when the service answers 403, after which analytics stays off.
   */
  readonly sendEvent: (event: AnalyticsEvent) => Effect.Effect<void, AlertError>
  /** An error event (type, message, stack, url); at most 5 per 60 s, extra ones are dropped. */
  readonly sendError: (error: ErrorEvent) => Effect.Effect<void, AlertError>
  readonly setEnabled: (enabled: boolean) => Effect.Effect<void>
  readonly isEnabled: Effect.Effect<boolean>
}

/**
 * The analytics client (§7 POST /e). The tag and its shape only: the implementation, `analyticsLayer`, lives
 * in its own module so code that merely asks for the service (createAppKit) never pulls in the HTTP client.
 */
export class Analytics extends Context.Service<Analytics, AnalyticsShape>()("appkit/Analytics") {}
