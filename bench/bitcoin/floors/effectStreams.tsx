// React + Effect with a Stream fed by a Queue, a Ref, a Fiber and a timeout: what the connectors' wallet
// events, the selected-provider state and every bounded wallet call use.
import { Duration, Effect, Fiber, Queue, Ref, Stream } from "effect"
import { renderPage } from "./page"

renderPage(() =>
  Effect.runPromise(
    Effect.gen(function* () {
      const queue = yield* Queue.unbounded<number>()
      const last = yield* Ref.make(0)
      const fiber = yield* Stream.fromQueue(queue).pipe(
        Stream.runForEach((value) => Ref.set(last, value)),
        Effect.forkDetach,
      )
      yield* Queue.offer(queue, 1)
      yield* Fiber.interrupt(fiber)
      return yield* Effect.timeout(Ref.get(last), Duration.seconds(1))
    }),
  ),
)
