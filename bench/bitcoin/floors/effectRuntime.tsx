// React + Effect's runtime: the least any Effect-backed connect path downloads.
import { Effect } from "effect"
import { renderPage } from "./page"

renderPage(() => Effect.runPromise(Effect.succeed(1)))
