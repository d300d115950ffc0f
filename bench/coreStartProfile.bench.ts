import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { SourceMap } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startDemoStack } from "../test/browser/support/stack"
import { launchChromiumBrowser } from "../test/support/chromium"

// Where the demo's start-up time goes, from navigation to the connect button: a CPU profile of the page in
// Debian's Chromium (CDP Profiler, 100 µs samples, fresh profile each run), of the demo built without
// minifying and with source maps, so every sample maps to its source module. Prints, summed over
// BENCH_RUNS (3) runs and divided by them: the time in module evaluation (by package and by module, self
// time), in createAppKit (its call tree, inclusive), and in React's first render. Figures only, never asserted.
const runs = Number(process.env.BENCH_RUNS ?? 3)
const reactUi = fileURLToPath(new URL("../react-ui/", import.meta.url))

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
  readonly columnNumber: number
}
interface ProfileNode {
  readonly id: number
  readonly callFrame: CallFrame
  readonly parent?: number
  readonly children?: ReadonlyArray<number>
  /** Self samples by 1-based source line: where in a function its time went (a chunk's top level holds many modules). */
  readonly positionTicks?: ReadonlyArray<{ readonly line: number; readonly ticks: number }>
}
interface Profile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** The demo's production build, unminified (names kept) and with source maps, into `dir`. */
const buildUnminified = async (dir: string) => {
  const { build } = await import("vite")
  process.env.NODE_ENV = "production"
  await build({
    configFile: join(reactUi, "vite.config.ts"),
    logLevel: "error",
    build: { outDir: dir, emptyOutDir: true, minify: false, sourcemap: true },
  })
}

interface Chunk {
  readonly map: SourceMap | undefined
  readonly lines: ReadonlyArray<string>
}
/** Each served chunk's text and source map: a position in it → its source module. */
const chunks = new Map<string, Chunk>()
const chunkOf = (dir: string, url: string): Chunk | undefined => {
  const file = url.replace(/^https?:\/\/[^/]+\//, "").replace(/[?#].*$/, "")
  if (!file.endsWith(".js")) return undefined
  let chunk = chunks.get(file)
  if (chunk === undefined) {
    const read = (name: string) => {
      try {
        return readFileSync(join(dir, name), "utf8")
      } catch {
        return undefined
      }
    }
    const map = read(`${file}.map`)
    chunk = {
      map: map === undefined ? undefined : new SourceMap(JSON.parse(map)),
      lines: (read(file) ?? "").split("\n"),
    }
    chunks.set(file, chunk)
  }
  return chunk
}
/** The source module at a 0-based line (its first non-blank column unless `column` is given) of `url`. */
const moduleAt = (dir: string, url: string, line: number, column?: number): string => {
  const chunk = chunkOf(dir, url)
  if (chunk === undefined) return url === "" ? "(native)" : url
  const at = column ?? Math.max(0, (chunk.lines[line] ?? "").search(/\S/))
  const entry = chunk.map?.findEntry(line, at) as
    | { originalSource?: string; generatedLine?: number }
    | undefined
  // A line the map does not cover (a virtual module) would take the last mapped module before it: name it.
  if (entry?.originalSource === undefined || (column === undefined && entry.generatedLine !== line))
    return `(unmapped) ${(chunk.lines[line] ?? "").trim().slice(0, 60)}`
  return entry.originalSource.replace(/^(\.\.\/)+/, "").replace(/^.*\/(node_modules\/)/, "$1")
}
const moduleOf = (dir: string, frame: CallFrame) =>
  moduleAt(dir, frame.url, frame.lineNumber, frame.columnNumber)

/** A module's package or source folder: `effect/Schema`, `core/src/state`, `react-dom`. */
const groupOf = (module: string) => {
  const packaged = module.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/(?:esm\/)?)?([^/.]+)?/)
  if (packaged) return packaged[1] === "effect" ? `effect/${packaged[2]}` : (packaged[1] as string)
  return module.split("/").slice(0, 3).join("/")
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value)

const totals = {
  phases: new Map<string, number>(),
  evaluationByGroup: new Map<string, number>(),
  evaluationByModule: new Map<string, number>(),
  createAppKitTree: new Map<string, number>(),
  createAppKitSelf: new Map<string, number>(),
  createAppKitByModule: new Map<string, number>(),
  createAppKitCore: new Map<string, number>(),
  scheduledCore: new Map<string, number>(),
  button: [] as Array<number>,
}

/** Adds one profile to the totals; `dir` is the build the page was served from. */
const account = (dir: string, profile: Profile) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const stackOf = (id: number): ReadonlyArray<ProfileNode> => {
    const stack: Array<ProfileNode> = []
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
      stack.unshift(byId.get(at) as ProfileNode)
    return stack
  }
  const label = (frame: CallFrame) => `${frame.functionName || "(anonymous)"} ${moduleOf(dir, frame)}`
  // Module evaluation ends where the app's code first runs from a callback: the demo's `start` (after its
  // stack fetch). Anonymous top-level frames later on are promise jobs and scheduled fibers, not evaluation.
  let evaluating = true
  const marker = profile.samples.findIndex(
    (id) => byId.get(id)?.callFrame.functionName === "appkitButtonExists",
  )
  profile.samples.forEach((id, index) => {
    if (marker >= 0 && index >= marker) return
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
    const stack = stackOf(id).slice(1) // the (root) node
    const leaf = stack[stack.length - 1]
    if (leaf === undefined) return
    const special = leaf.callFrame.functionName
    if (special === "(idle)" || special === "(program)" || special === "(garbage collector)") {
      add(totals.phases, special, ms)
      return
    }
    const created = stack.findIndex(
      (node) =>
        node.callFrame.functionName === "createAppKit" &&
        moduleOf(dir, node.callFrame).endsWith("createAppKit.ts"),
    )
    // Where the leaf's self time went, by the modules of its ticked lines (a native leaf: its caller's module).
    const selfModules = (): ReadonlyArray<readonly [string, number]> => {
      const ticked = leaf.positionTicks ?? []
      const all = ticked.reduce((sum, tick) => sum + tick.ticks, 0)
      if (leaf.callFrame.url === "") {
        const caller = stack[stack.length - 2]
        const from =
          caller === undefined ? "" : `${caller.callFrame.functionName} ${moduleOf(dir, caller.callFrame)}`
        return [[`(native ${leaf.callFrame.functionName}) from ${from}`, 1]]
      }
      if (all === 0) return [[moduleOf(dir, leaf.callFrame), 1]]
      return ticked.map(
        (tick) => [moduleAt(dir, leaf.callFrame.url, tick.line - 1), tick.ticks / all] as const,
      )
    }
    if (created >= 0) {
      add(totals.phases, "createAppKit", ms)
      // The call tree under createAppKit, three levels deep, inclusive.
      for (let depth = 1; depth <= 3; depth++) {
        const path = stack.slice(created, created + depth + 1)
        if (path.length === depth + 1)
          add(totals.createAppKitTree, path.map((n) => label(n.callFrame)).join(" > "), ms)
      }
      add(totals.createAppKitSelf, label(leaf.callFrame), ms)
      // Inclusive time of each core function under it (once per sample): which service's layer costs what.
      const coreFrames = new Set(
        stack
          .slice(created + 1)
          .map((node) => label(node.callFrame))
          .filter((name) => name.includes("core/src/")),
      )
      for (const name of coreFrames) add(totals.createAppKitCore, name, ms)
      for (const [module, share] of selfModules()) add(totals.createAppKitByModule, module, ms * share)
      return
    }
    const root = stack[0] as ProfileNode
    const inReact = stack.some((node) => /react-dom|scheduler/.test(moduleOf(dir, node.callFrame)))
    if (inReact) {
      add(totals.phases, "React (render, commit, scheduler)", ms)
      return
    }
    if (root.callFrame.functionName === "start" || root.callFrame.functionName === "loadStack")
      evaluating = false
    // Top-level code of a chunk (an anonymous function at the chunk's scope): module evaluation.
    if (evaluating && root.callFrame.functionName === "" && root.callFrame.url.endsWith(".js")) {
      add(totals.phases, "module evaluation", ms)
      for (const [module, share] of selfModules()) {
        add(totals.evaluationByGroup, groupOf(module), ms * share)
        add(totals.evaluationByModule, module, ms * share)
      }
      return
    }
    // Fibers Effect's scheduler runs (forked at start-up): which core code they are in.
    if (moduleOf(dir, root.callFrame).includes("effect/dist/Scheduler"))
      for (const name of new Set(
        stack.map((node) => label(node.callFrame)).filter((n) => n.includes("core/src/")),
      ))
        add(totals.scheduledCore, name, ms)
    add(
      totals.phases,
      `other (${root.callFrame.functionName || "anonymous"} ${groupOf(moduleOf(dir, root.callFrame))})`,
      ms,
    )
  })
}

const dir = mkdtempSync(join(tmpdir(), "appkit-profile-page-"))
await buildUnminified(dir)
const stack = await startDemoStack(dir)
const browser = await launchChromiumBrowser()
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    await context.addInitScript({
      // Once the button exists, a named 3 ms busy loop marks the moment in the profile's own clock: samples
      // after it (idle callbacks, lazy chunks) are not part of the start-up.
      content: `new MutationObserver((_, observer) => {
        if (document.querySelector("[data-appkit-button=connect]") === null) return
        window.buttonAt = performance.now(); observer.disconnect()
        ;(function appkitButtonExists() { const until = performance.now() + 3; while (performance.now() < until); })()
      }).observe(document, { childList: true, subtree: true })`,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 })
    await cdp.send("Profiler.start")
    await page.goto(`${stack.pageUrl}?devWallet=off`)
    await page.waitForFunction(() => (window as unknown as { buttonAt?: number }).buttonAt !== undefined)
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile }
    totals.button.push(await page.evaluate(() => (window as unknown as { buttonAt: number }).buttonAt))
    account(dir, profile)
    await context.close()
  }
  const ms = (value: number) => `${(value / runs).toFixed(1).padStart(7)} ms`
  const print = (title: string, map: Map<string, number>, limit: number) => {
    console.log(`\n${title}`)
    for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
      if (value / runs >= 0.2) console.log(`${ms(value)}  ${key}`)
  }
  console.log(
    `CPU profile of the unminified demo, navigation → connect button, mean of ${runs} runs (button at ${totals.button.map((b) => b.toFixed(0)).join(", ")} ms under the profiler)`,
  )
  print("phases (samples until the button exists)", totals.phases, 20)
  print("module evaluation, self time by package/folder", totals.evaluationByGroup, 25)
  print("module evaluation, self time by module", totals.evaluationByModule, 30)
  print("createAppKit, call tree (inclusive)", totals.createAppKitTree, 40)
  print("createAppKit, self time by function", totals.createAppKitSelf, 30)
  print("createAppKit, self time by module (line ticks)", totals.createAppKitByModule, 30)
  print("createAppKit, inclusive time of the core's functions under it", totals.createAppKitCore, 40)
  print(
    "fibers run by Effect's scheduler before the button, core functions (inclusive)",
    totals.scheduledCore,
    30,
  )
} finally {
  await browser.close()
  await stack.stop()
  rmSync(dir, { recursive: true, force: true })
}
