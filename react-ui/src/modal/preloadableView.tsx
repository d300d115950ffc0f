import { type ComponentType, lazy } from "react"

export interface PreloadableView {
  (): React.JSX.Element
  /** Fetches the view's chunk ahead of its first use; safe to call any number of times. */
  readonly preload: () => Promise<void>
}

/**
 * A view in a chunk of its own, fetched on first use like `React.lazy`, or earlier through `preload`. Once
 * fetched it renders at once: a lazy component suspends on its first render however warm its chunk is, and
 * React then keeps the Suspense fallback up for at least 300 ms.
 */
export const preloadableView = (
  load: () => Promise<{ readonly default: ComponentType }>,
): PreloadableView => {
  let loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  // React.lazy keeps a failure for good: after one, the next render gets a fresh one that fetches again.
  const fresh = () =>
    lazy(async () => {
      await preload()
      return { default: loaded as ComponentType }
    })
  let Lazy: ComponentType
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        // Not kept: the next preload or render fetches again.
        loading = undefined
        Lazy = fresh()
        throw error
      },
    )
    return loading
  }
  Lazy = fresh()
  // biome-ignore lint/correctness/noComponentHookFactories: made once per view at module level, as React.lazy is
  const View = () => {
    const Loaded = loaded ?? Lazy
    return <Loaded />
  }
  return Object.assign(View, { preload })
}
