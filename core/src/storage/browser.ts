import { Effect, Layer, Option } from "effect"
import { Storage } from "./Storage"
import { pageLocalStorage, type WebStorage } from "./webStorage"

export type { WebStorage } from "./webStorage"

/**
 * Storage over Web Storage. Browsers throw from it (quota exceeded, storage disabled, Safari private
 * mode): a failed write is logged and dropped, a failed read reads as absent — persistence is a
 * convenience and must never break the app.
 */
export const fromWebStorage = (store: WebStorage): Storage["Service"] => ({
  get: (key) =>
    Effect.try(() => Option.fromNullishOr(store.getItem(key))).pipe(
      Effect.catch((error) =>
        Effect.as(Effect.logWarning(`Cannot read ${key} from storage`, error), Option.none()),
      ),
    ),
  set: (key, value) =>
    Effect.try(() => store.setItem(key, value)).pipe(
      Effect.catch((error) => Effect.logWarning(`Cannot write ${key} to storage`, error)),
    ),
  remove: (key) =>
    Effect.try(() => store.removeItem(key)).pipe(
      Effect.catch((error) => Effect.logWarning(`Cannot remove ${key} from storage`, error)),
    ),
})

/**
 * `localStorage` when the page has one; otherwise (server rendering, workers, a sandboxed or third-party frame
 * whose storage is blocked) a warning and memory storage.
 * Marked pure so a bundle that only imports `fromWebStorage` does not carry Layer.
 */
export const browserStorage: Layer.Layer<Storage> = /*#__PURE__*/ Layer.unwrap(
  /*#__PURE__*/ Effect.sync(() => {
    const store = pageLocalStorage()
    if (store !== undefined) return Layer.succeed(Storage, fromWebStorage(store))
    return Layer.effectDiscard(
      Effect.logWarning("localStorage is unavailable; AppKit state is kept in memory"),
    ).pipe(Layer.provideMerge(Storage.memory))
  }),
)
