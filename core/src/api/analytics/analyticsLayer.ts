import { Clock, Duration, Effect, Layer, Ref } from "effect"
import { ErrorTelemetry } from "../../config/constants"
import { AlertError, alertForAnalyticsStatus } from "../../errors/alerts"
import { ApiClient, type ApiError } from "../../http/ApiClient"
import { Analytics, type AnalyticsOptions, type AnalyticsShape, skippedEvents } from "./Analytics"
import type { AnalyticsEventBody } from "./schemas"

// Error telemetry is capped per sliding window (§9: 5 per 60 s).
const errorEventWindowMillis = Duration.toMillis(ErrorTelemetry.window)

/** The analytics client over the ApiClient (its analytics URL and SDK parameters). */
export const analyticsLayer = (options: AnalyticsOptions): Layer.Layer<Analytics, never, ApiClient> =>
  Layer.effect(
    Analytics,
    Effect.gen(function* () {
      return yield* makeAnalytics(yield* ApiClient, options)
    }),
  )

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
