import { type ComponentType, lazy } from "react"

export interface PreloadableView<P extends object = Record<string, never>> {
  (props: P): React.JSX.Element
  /** Fetches the view's chunk ahead of its first use; safe to call any number of times. */
  readonly preload: () => Promise<void>
}

/**
 * A view in a chunk of its own, fetched on first use like `React.lazy`, or earlier through `preload`. Once
 * fetched it renders at once: a lazy component suspends on its first render however warm its chunk is, and
 * React then keeps the Suspense fallback up for at least 300 ms. A failed fetch is not kept (React.lazy would
 * keep it for good): the next preload or render fetches again.
 */
export const preloadableView = <P extends object = Record<string, never>>(
  load: () => Promise<{ readonly default: ComponentType<P> }>,
): PreloadableView<P> => {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<void> | undefined
  const fresh = () =>
    lazy(async () => {
      await preload()
      return { default: loaded as ComponentType<P> }
    })
  let Lazy: ComponentType<P>
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        loading = undefined
        Lazy = fresh()
        throw error
      },
    )
    return loading
  }
  Lazy = fresh()
  // biome-ignore lint/correctness/noComponentHookFactories: made once per view at module level, as React.lazy is
  const View = (props: P) => {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  return Object.assign(View, { preload })
}
