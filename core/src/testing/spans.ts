import { Effect, Tracer } from "effect"

/**
 * Test support only (not exported): runs `effect` under a tracer that records the name of every span it
 * opens, as an app's OpenTelemetry exporter would see them, and returns those names (success or failure).
 */
export const recordSpanNames = async <A, E>(effect: Effect.Effect<A, E>): Promise<ReadonlyArray<string>> => {
  const names: Array<string> = []
  const tracer = Tracer.make({
    span(options) {
      names.push(options.name)
      return new Tracer.NativeSpan(options)
    },
  })
  await Effect.runPromiseExit(Effect.provideService(effect, Tracer.Tracer, tracer))
  return names
}
