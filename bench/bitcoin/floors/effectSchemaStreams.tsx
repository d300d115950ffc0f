// React + everything of Effect the connect path's design uses: Schema errors and a Schema decode of a
// wallet reply, a Stream of events through a Queue, a Ref, a Fiber and a timeout.
import { Duration, Effect, Fiber, Queue, Ref, Schema, Stream } from "effect"
import { renderPage } from "./page"

class Failed extends Schema.TaggedError<Failed>()("Failed", { message: Schema.String }) {}
const Reply = Schema.Struct({ addresses: Schema.Array(Schema.Struct({ address: Schema.String })) })

renderPage(() =>
  Effect.runPromise(
    Effect.gen(function* () {
      const queue = yield* Queue.unbounded<unknown>()
      const last = yield* Ref.make<unknown>(undefined)
      const fiber = yield* Stream.fromQueue(queue).pipe(
        Stream.runForEach((value) => Ref.set(last, value)),
        Effect.forkDetach,
      )
      yield* Queue.offer(queue, { addresses: [] })
      yield* Fiber.interrupt(fiber)
      const reply = yield* Effect.timeout(Ref.get(last), Duration.seconds(1))
      return yield* Schema.decodeUnknownEffect(Reply)(reply).pipe(
        Effect.mapError(() => new Failed({ message: "invalid reply" })),
      )
    }),
  ),
)
