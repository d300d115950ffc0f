// React + Effect with a service provided through a Layer (how the core passes Storage and its other services).
import { Context, Effect, Layer } from "effect"
import { renderPage } from "./page"

class Counter extends Context.Service<Counter, { readonly count: number }>()("Counter") {}

const readCount = Effect.gen(function* () {
  return (yield* Counter).count
})

renderPage(() => Effect.runPromise(Effect.provide(readCount, Layer.succeed(Counter, { count: 1 }))))
