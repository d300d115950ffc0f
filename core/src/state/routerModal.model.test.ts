import { Effect, SubscriptionRef } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Connection } from "./Connection"
import { Connectors } from "./Connectors"
import { Modal } from "./Modal"
import { Router, View } from "./Router"
import { runState, scriptedWallet, testOptions } from "./testkit"

/**
 * A small reference model of §2 (history, push/replace/reset/back) and §4 (open toggles, close blocked on
 * ApproveTransaction unless forced, embedded mode returns home; the default view follows the connection).
 * Written from the spec, apart from the code.
 */
interface Model {
  open: boolean
  connected: boolean
  history: Array<View>
  readonly embedded: boolean
}

interface Real {
  readonly router: Router["Service"]
  readonly modal: Modal["Service"]
  readonly connection: Connection["Service"]
  readonly run: <A>(effect: Effect.Effect<A>) => Promise<A>
}

const top = (m: Model) => m.history[m.history.length - 1]
const home = (m: Model): View => (m.connected ? "Account" : "Connect")

const modelClose = (m: Model, force: boolean) => {
  if (!m.open) return
  if (!force && top(m) === "ApproveTransaction") return
  if (m.embedded) m.history = [home(m)]
  else m.open = false
}

const modelOpen = (m: Model, view: View | undefined) => {
  m.history = [view ?? home(m)]
  m.open = true
}

type Command = fc.AsyncCommand<Model, Real>

const command = (
  name: string,
  apply: (m: Model) => void,
  act: (r: Real) => Effect.Effect<unknown>,
  check: (m: Readonly<Model>) => boolean = () => true,
): Command => ({
  check,
  run: async (m, r) => {
    apply(m)
    await r.run(act(r))
    const [router, modal] = await r.run(
      Effect.all([SubscriptionRef.get(r.router.state), SubscriptionRef.get(r.modal.state)]),
    )
    expect({ history: router.history, view: router.view, open: modal.open }).toEqual({
      history: m.history,
      view: top(m),
      open: m.open,
    })
  },
  toString: () => name,
})

const view = fc.constantFrom(...View.literals)

const commands = [
  fc.constant(
    command(
      "connect",
      (m) => {
        m.connected = true
      },
      (r) => Effect.orDie(r.connection.connect("injected")),
      (m) => !m.connected,
    ),
  ),
  fc.constant(
    command(
      "disconnect",
      (m) => {
        m.connected = false
      },
      (r) => Effect.orDie(r.connection.disconnect()),
      (m) => m.connected,
    ),
  ),
  fc.option(view, { nil: undefined }).map((v) =>
    command(
      `open(${v})`,
      (m) => modelOpen(m, v),
      (r) => r.modal.open({ view: v }),
    ),
  ),
  fc.boolean().map((force) =>
    command(
      `close(${force})`,
      (m) => modelClose(m, force),
      (r) => r.modal.close({ force }),
    ),
  ),
  fc.constant(
    command(
      "toggle",
      (m) => (m.open ? modelClose(m, false) : modelOpen(m, undefined)),
      (r) => r.modal.toggle,
    ),
  ),
  view.map((v) =>
    command(
      `push(${v})`,
      (m) => void (top(m) !== v && m.history.push(v)),
      (r) => r.router.push(v),
    ),
  ),
  view.map((v) =>
    command(
      `replace(${v})`,
      (m) => {
        if (top(m) !== v) m.history[m.history.length - 1] = v
      },
      (r) => r.router.replace(v),
    ),
  ),
  view.map((v) =>
    command(
      `reset(${v})`,
      (m) => {
        m.history = [v]
      },
      (r) => r.router.reset(v),
    ),
  ),
  fc.constant(
    command(
      "back",
      (m) =>
        m.history.length <= 1 || m.history.includes("UnsupportedChain")
          ? modelClose(m, false)
          : void m.history.pop(),
      (r) => r.modal.back,
    ),
  ),
]

const runModel = (embedded: boolean) =>
  fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), (cmds) =>
      runState(
        Effect.gen(function* () {
          const router = yield* Router
          const modal = yield* Modal
          const connection = yield* Connection
          yield* (yield* Connectors).register([(yield* scriptedWallet({ id: "injected" })).connector])
          const context = yield* Effect.context<never>()
          const run = <A>(effect: Effect.Effect<A>) =>
            Effect.runPromise(Effect.provideContext(effect, context))
          yield* Effect.promise(() =>
            fc.asyncModelRun(
              () => ({
                model: { open: false, connected: false, history: ["Connect" as View], embedded },
                real: { router, modal, connection, run },
              }),
              cmds,
            ),
          )
        }),
        { options: { ...testOptions, enableEmbedded: embedded } },
      ),
    ),
    { numRuns: 60 },
  )

describe("router and modal against a reference model of §2/§4", () => {
  it("agrees on every random sequence of actions", () => runModel(false))
  it("agrees in embedded mode, where closing returns to the home view", () => runModel(true))
})
