// React + Effect with a service provided through a Layer (how the core passes Storage and its other services).
import { Context, Effect, Layer } from "effect"
import { renderPage } from "./page"

class Counter extends Context.Service<Counter, { readonly count: number }>()("Counter") {}

renderPage(() => Effect.runPromise(Effect.provide(Counter.asEffect(), Layer.succeed(Counter, { count: 1 }))))
