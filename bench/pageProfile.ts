import { readFileSync } from "node:fs"
import { join } from "node:path"
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping"
import type { BrowserContext, Page } from "playwright-core"

/**
 * One page load in Chromium, traced (DevTools timeline) and CPU-profiled (100 µs samples), read back into a
 * timeline from navigation to the connect button: the requests, the entry chunk's compile and evaluation, and
 * where the main thread's time went. Samples map to their sources through the build's source maps, so a
 * function is found by its source file and line, whatever the minifier named it.
 */

/** Where a function of interest begins in the sources: its file (suffix) and the line it is declared on. */
export interface SourceFunction {
  readonly file: string
  readonly line: number
}

export interface LoadProfile {
  /** Milestones in ms from navigation start. */
  readonly milestones: Readonly<Record<string, number>>
  /** Main-thread time in ms between navigation and the button, per category. */
  readonly mainThread: Readonly<Record<string, number>>
}

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: { readonly data?: Record<string, unknown> }
}

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
  readonly columnNumber: number
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number
    readonly callFrame: CallFrame
    readonly children?: number[]
  }>
  readonly startTime: number
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const traceCategories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.compile",
].join(",")

/** Marks the first moment `selector` exists with a user-timing mark (the trace's clock) and `window.buttonAt`. */
const markWhenPresent = (selector: string) => `
new MutationObserver((_, observer) => {
  if (document.querySelector(${JSON.stringify(selector)}) === null) return
  observer.disconnect()
  window.buttonAt = performance.now()
  performance.mark("button")
}).observe(document, { childList: true, subtree: true })`

/** Loads `url` in a fresh page of `context` under the tracer and profiler; the raw trace and CPU profile. */
export const recordLoad = async (context: BrowserContext, url: string, selector: string) => {
  await context.addInitScript({ content: markWhenPresent(selector) })
  const page: Page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const events: Array<TraceEvent> = []
  cdp.on("Tracing.dataCollected", (message) =>
    events.push(...(message.value as unknown as Array<TraceEvent>)),
  )
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 })
  await cdp.send("Tracing.start", { categories: traceCategories, transferMode: "ReportEvents" })
  await cdp.send("Profiler.start")
  await page.goto(url, { waitUntil: "networkidle" })
  const resources = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .concat(performance.getEntriesByType("navigation"))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming
        return {
          name: timing.name,
          navigation: timing.entryType === "navigation",
          startTime: timing.startTime,
          responseEnd: timing.responseEnd,
        }
      }),
  )
  const { profile } = await cdp.send("Profiler.stop")
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve))
  await cdp.send("Tracing.end")
  await complete
  return { events, profile: profile as CpuProfile, resources }
}

/** Source-map lookups for the chunks of one build, loaded on first use. */
const sourceMapper = (assetsDir: string) => {
  const maps = new Map<string, TraceMap | undefined>()
  const mapOf = (url: string) => {
    const file = url.slice(url.lastIndexOf("/") + 1)
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(join(assetsDir, `${file}.map`), "utf8")))
      } catch {
        maps.set(file, undefined)
      }
    }
    return maps.get(file)
  }
  return (
    frame: CallFrame,
  ): { readonly source: string; readonly line: number; readonly name: string | null } | undefined => {
    const map = frame.url === "" ? undefined : mapOf(frame.url)
    if (map === undefined) return undefined
    const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    return position.source === null
      ? undefined
      : { source: position.source, line: position.line, name: position.name }
  }
}

const unionMs = (intervals: ReadonlyArray<readonly [number, number]>) => {
  let total = 0
  let end = Number.NEGATIVE_INFINITY
  for (const [from, to] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue
    total += to - Math.max(from, end)
    end = to
  }
  return total / 1000
}

/**
 * Reads one recorded load. `entry` names the entry chunk (a substring of its URL), `createAppKit` where that
 * function is declared (absent for the bare page).
 */
export const analyseLoad = (
  recorded: Awaited<ReturnType<typeof recordLoad>>,
  options: { readonly assetsDir: string; readonly createAppKit?: SourceFunction },
): LoadProfile => {
  const { events, profile, resources } = recorded
  const button = events.find((event) => event.name === "button")
  const navigation = events.find(
    (event) =>
      event.name === "navigationStart" &&
      String(event.args?.data?.documentLoaderURL ?? "").startsWith("http"),
  )
  if (button === undefined || navigation === undefined)
    throw new Error("the trace lacks navigation or button")
  const t0 = navigation.ts
  const ms = (ts: number) => (ts - t0) / 1000
  const main = events.filter(
    (event) => event.pid === button.pid && event.tid === button.tid && event.ph === "X",
  )
  const entryScript = resources.find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name))
  const document = resources.find((entry) => entry.navigation)
  const stackJson = resources.find((entry) => entry.name.endsWith("/appkit-stack.json"))
  const ofEntry = (event: TraceEvent) => String(event.args?.data?.url ?? "") === entryScript?.name
  const compile = main.find((event) => event.name === "v8.compileModule" && ofEntry(event))
  const parse = events.find((event) => event.name === "v8.parseOnBackground" && ofEntry(event))
  const evaluate = main.find(
    (event) => event.name === "v8.evaluateModule" && compile !== undefined && event.ts > compile.ts,
  )
  const milestones: Record<string, number> = {
    "HTML received": document?.responseEnd ?? Number.NaN,
    "entry chunk requested": entryScript?.startTime ?? Number.NaN,
    "entry chunk received": entryScript?.responseEnd ?? Number.NaN,
    ...(stackJson && { "appkit-stack.json received": stackJson.responseEnd }),
    "entry parsed off the main thread": parse === undefined ? Number.NaN : ms(parse.ts + (parse.dur ?? 0)),
    "entry compiled (main thread has it)": compile === undefined ? Number.NaN : ms(compile.ts),
    "entry evaluated": evaluate === undefined ? Number.NaN : ms(evaluate.ts + (evaluate.dur ?? 0)),
  }

  // CPU samples: each one's category, by the frames on its stack.
  const mapped = sourceMapper(options.assetsDir)
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const isCreateAppKit = (frame: CallFrame) => {
    if (options.createAppKit === undefined) return false
    const position = mapped(frame)
    return (
      position?.source.endsWith(options.createAppKit.file) === true &&
      position.line === options.createAppKit.line
    )
  }
  /** React's render and commit, however they were started (a scheduled task, or flushSync). */
  const isReactWork = (frame: CallFrame) => {
    const position = mapped(frame)
    return position?.source.includes("/react-dom/") === true && position.name === "performWorkOnRoot"
  }
  const inEvaluation = (at: number) =>
    evaluate !== undefined && at >= evaluate.ts && at <= evaluate.ts + (evaluate.dur ?? 0)
  /** What a stack is doing, from its frames (the leaf first: idle, GC, the browser's own work); per node. */
  const stackKinds = new Map<number, string>()
  const stackKind = (id: number): string => {
    const known = stackKinds.get(id)
    if (known !== undefined) return known
    const stack: Array<CallFrame> = []
    for (let node = nodes.get(id); node !== undefined; node = nodes.get(parents.get(node.id) ?? -1))
      stack.unshift(node.callFrame)
    const leaf = stack[stack.length - 1]?.functionName ?? ""
    const kind =
      leaf === "(idle)"
        ? "idle"
        : leaf === "(garbage collector)"
          ? "garbage collection"
          : leaf === "(program)"
            ? "browser (parse, style, layout, paint)"
            : stack.some(isCreateAppKit)
              ? "createAppKit"
              : stack.some(isReactWork)
                ? "React (render, commit)"
                : stack.some((frame) => mapped(frame)?.source.includes("/effect/") === true)
                  ? "Effect"
                  : "other script"
    stackKinds.set(id, kind)
    return kind
  }
  /** A sample's category: its stack's, where script outside createAppKit and React counts as module evaluation
   * while the entry evaluates and as the core's scheduled fibers (when Effect) after. */
  const category = (id: number, at: number): string => {
    const kind = stackKind(id)
    if (kind !== "Effect" && kind !== "other script") return kind
    if (inEvaluation(at)) return "module evaluation (entry chunk)"
    return kind === "Effect" ? "Effect fibers (core work scheduled by createAppKit)" : kind
  }
  const mainThread: Record<string, number> = {}
  const samplesIn = new Map<string, Array<number>>()
  let at = profile.startTime
  for (const [index, sample] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0
    const time = ms(at)
    if (time < 0 || time > ms(button.ts)) continue
    const duration = (profile.timeDeltas[index + 1] ?? 100) / 1000
    const name = category(sample, at)
    mainThread[name] = (mainThread[name] ?? 0) + duration
    samplesIn.set(name, [...(samplesIn.get(name) ?? []), time])
  }
  const window = (name: string) => samplesIn.get(name) ?? []
  const appKitSamples = window("createAppKit")
  if (appKitSamples.length > 0) {
    milestones["createAppKit starts"] = Math.min(...appKitSamples)
    milestones["createAppKit returns"] = Math.max(...appKitSamples)
  }
  const reactSamples = window("React (render, commit)").filter(
    (time) => time > (milestones["createAppKit returns"] ?? milestones["entry evaluated"] ?? 0),
  )
  if (reactSamples.length > 0) milestones["React render starts"] = Math.min(...reactSamples)
  milestones["button in the page"] = ms(button.ts)
  // Lazy compilation on the main thread (functions compiled at their first call), as the trace times it.
  mainThread["of which lazy compile (trace)"] = unionMs(
    main
      .filter((event) => event.name === "V8.CompileCode" && event.ts <= button.ts)
      .map((event) => [event.ts, event.ts + (event.dur ?? 0)] as const),
  )
  return { milestones, mainThread }
}
