/**
 * How long a page that does not paint (a background tab: no animation frames) waits before `afterFirstPaint`
 * runs its work anyway.
 */
export const unpaintedPageTimeoutMs = 100

interface PageTimers {
  readonly requestAnimationFrame?: (run: () => void) => unknown
  readonly setTimeout: (run: () => void, ms?: number) => unknown
}

/**
 * Runs `work` once, after the page's next paint: the frame callback runs just before the paint, and the task it
 * queues runs after it. So the work a first render does not need (building an instance's services) never delays
 * that render, whether it is synchronous (flushSync) or not. Outside a page (Node, the CLI: nothing to paint)
 * it runs in a microtask, as soon as the code that created the instance has returned.
 */
export const afterFirstPaint = (work: () => void, timers: PageTimers = globalThis as PageTimers): void => {
  if (typeof timers.requestAnimationFrame !== "function") return void queueMicrotask(work)
  let done = false
  const once = () => {
    if (done) return
    done = true
    work()
  }
  timers.requestAnimationFrame(() => void timers.setTimeout(once, 0))
  timers.setTimeout(once, unpaintedPageTimeoutMs)
}
