import { Effect, SubscriptionRef } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { runState, scriptedWallet, testOptions } from "../testing/testkit"
import { Connection } from "./Connection"
import { Connectors } from "./Connectors"
import { Modal } from "./Modal"
import { Router, type TransactionAction, View } from "./Router"

/**
 * A small reference model of §2 (history, push/replace/reset/back, the transaction stack) and §4 (open
 * toggles, close blocked on ApproveTransaction or while sign-in is required unless forced, embedded mode
 * returns home; the default view follows the connection).
 * Written from the spec, apart from the code.
 */
interface Model {
  open: boolean
  connected: boolean
  history: Array<View>
  /** Pending wallet requests, latest last: what follows each one's success (a cancel always goes back). */
  transactions: Array<TransactionAction>
  /** Sign-in required and no session: the close button is disabled (§4). */
  closeDisabled: boolean
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
  if (!force && (top(m) === "ApproveTransaction" || m.closeDisabled)) return
  if (m.embedded) m.history = [home(m)]
  else m.open = false
}

/** §2 back: one view left, or UnsupportedChain anywhere in the history, closes instead. */
const modelBack = (m: Model, force: boolean) =>
  m.history.length <= 1 || m.history.includes("UnsupportedChain")
    ? modelClose(m, force)
    : void m.history.pop()

/**
 * A settled wallet request (nothing left to protect, so closing is forced): a cancel or GoBack goes back;
 * Reset starts over at its view; Replace drops the flow back to before ConnectingSiwe, or closes.
 */
const modelFinish = (m: Model, result: "success" | "cancel") => {
  const action = m.transactions.pop()
  if (action === undefined) return
  if (result === "cancel" || action._tag === "GoBack") return modelBack(m, true)
  if (action._tag === "Reset") {
    m.history = [action.view]
    return
  }
  const siwe = m.history.indexOf("ConnectingSiwe")
  if (siwe > 0) m.history = m.history.slice(0, siwe)
  else modelClose(m, true)
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
    expect({
      history: router.history,
      view: router.view,
      open: modal.open,
      transactions: router.transactionStack,
    }).toEqual({ history: m.history, view: top(m), open: m.open, transactions: m.transactions })
  },
  toString: () => name,
})

// Every view, with the ones §2/§4 single out drawn more often so that their rules are exercised in depth.
const view = fc.oneof(
  { arbitrary: fc.constantFrom(...View.literals), weight: 3 },
  { arbitrary: fc.constantFrom<View>("ConnectingSiwe", "ApproveTransaction", "UnsupportedChain"), weight: 1 },
)

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
      (m) => modelBack(m, false),
      (r) => r.modal.back,
    ),
  ),
  fc
    .oneof(
      fc.constant<TransactionAction>({ _tag: "GoBack" }),
      fc.constant<TransactionAction>({ _tag: "Replace" }),
      view.map((v): TransactionAction => ({ _tag: "Reset", view: v })),
    )
    .map((action) =>
      command(
        `pushTransaction(${JSON.stringify(action)})`,
        (m) => void m.transactions.push(action),
        (r) => r.router.pushTransaction(action),
      ),
    ),
  // The sign-in flow as a skin drives it: the SIWE view asks the wallet, whose success replaces the flow.
  fc.constant(
    command(
      "signInRequest",
      (m) => {
        for (const v of ["ConnectingSiwe", "ApproveTransaction"] as const) if (top(m) !== v) m.history.push(v)
        m.transactions.push({ _tag: "Replace" })
      },
      (r) =>
        Effect.all([
          r.router.push("ConnectingSiwe"),
          r.router.push("ApproveTransaction"),
          r.router.pushTransaction({ _tag: "Replace" }),
        ]),
    ),
  ),
  fc.constantFrom("success" as const, "cancel" as const).map((result) =>
    command(
      `finishTransaction(${result})`,
      (m) => modelFinish(m, result),
      (r) => r.modal.finishTransaction(result),
    ),
  ),
  fc.boolean().map((disabled) =>
    command(
      `setCloseDisabled(${disabled})`,
      (m) => {
        m.closeDisabled = disabled
      },
      (r) => r.modal.setCloseDisabled(disabled),
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
                model: {
                  open: false,
                  connected: false,
                  history: ["Connect" as View],
                  transactions: [],
                  closeDisabled: false,
                  embedded,
                },
                real: { router, modal, connection, run },
              }),
              cmds,
            ),
          )
        }),
        { options: { ...testOptions, enableEmbedded: embedded } },
      ),
    ),
    { numRuns: 100 },
  )

describe("router and modal against a reference model of §2/§4", () => {
  it("agrees on every random sequence of actions", () => runModel(false))
  it("agrees in embedded mode, where closing returns to the home view", () => runModel(true))
})
