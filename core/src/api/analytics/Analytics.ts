import { Clock, Context, Duration, Effect, Layer, Ref } from "effect"
import { ErrorTelemetry } from "../../config/constants"
import { AlertError, alertForAnalyticsStatus } from "../../errors/alerts"
import { ApiClient, type ApiError } from "../../http/ApiClient"
import type { AnalyticsEventBody } from "./schemas"

// Error telemetry is capped per sliding window (§9: 5 per 60 s).
const errorEventWindowMillis = Duration.toMillis(ErrorTelemetry.window)
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

export class Analytics extends Context.Service<Analytics, AnalyticsShape>()("appkit/Analytics") {
  static readonly layer = (options: AnalyticsOptions): Layer.Layer<Analytics, never, ApiClient> =>
    Layer.effect(
      Analytics,
      Effect.gen(function* () {
        return yield* makeAnalytics(yield* ApiClient, options)
      }),
    )
}

export const makeAnalytics = (api: ApiClient["Service"], options: AnalyticsOptions) =>
  Effect.gen(function* () {
    const enabled = yield* Ref.make(options.enabled)
    const errorTimes = yield* Ref.make<ReadonlyArray<number>>([])

    const post = (eventId: string, props: AnalyticsEventBody["props"]) =>
      Effect.gen(function* () {
        if (!(yield* Ref.get(enabled))) return
        const body: AnalyticsEventBody = {
          eventId,
          url: options.url,
          domain: options.domain,
          timestamp: yield* Clock.currentTimeMillis,
          props,
        }
        yield* api
          .send({ method: "POST", baseUrl: api.config.analyticsUrl, path: "/e", body, sdkParams: true })
          .pipe(Effect.catch((error) => onFailure(error)))
      })

    // Telemetry must never break the app: outages are swallowed; a 403 is reported once and ends sending.
    const onFailure = (error: ApiError) => {
      const alert = error._tag === "HttpStatusError" ? alertForAnalyticsStatus(error.status) : undefined
      if (alert === undefined) return Effect.void
      return Ref.getAndSet(enabled, false).pipe(
        Effect.flatMap((wasEnabled) => (wasEnabled ? Effect.fail(new AlertError({ alert })) : Effect.void)),
      )
    }

    /** Admits an error event if fewer than the limit were sent in the last window. */
    const admitError = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(errorTimes, (times) => {
        const recent = times.filter((time) => now - time < errorEventWindowMillis)
        return recent.length < ErrorTelemetry.maxEvents ? [true, [...recent, now]] : [false, recent]
      }),
    )

    return {
      sendEvent: ({ event, properties, address }) =>
        skippedEvents.includes(event)
          ? Effect.void
          : post(crypto.randomUUID(), { type: "track", event, properties: properties ?? {}, address }),
      sendError: ({ type, message, stack, url }) =>
        Effect.flatMap(admitError, (admitted) =>
          admitted
            ? post(crypto.randomUUID(), {
                type: "error",
                event: "ERROR",
                properties: { type, message, stack, url },
              })
            : Effect.void,
        ),
      setEnabled: (value) => Ref.set(enabled, value),
      isEnabled: Ref.get(enabled),
    } satisfies AnalyticsShape
  })
