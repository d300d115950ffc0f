// React + Effect with one Schema.TaggedError class: what every AppKit error is built on (AppKitError(...)),
// so what any path that can fail with an AppKit error downloads, before it decodes anything.
import { Effect, Schema } from "effect"
import { renderPage } from "./page"

class Failed extends Schema.TaggedError<Failed>()("Failed", { message: Schema.String }) {}

renderPage(() =>
  Effect.runPromise(
    Effect.fail(new Failed({ message: "failed" })).pipe(
      Effect.catchTag("Failed", (error) => Effect.succeed(error.message)),
    ),
  ),
)
