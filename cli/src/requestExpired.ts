import { sendsWhenApproved } from "@appkit/core"
import { Clock, Effect, Option } from "effect"
import { type WaitBudget, withinBudget } from "./giveUp"
import { CliError } from "./output"

/** The stored session's connector, as far as wording an expired request needs it. */
export interface SessionCheck {
  /** Takes what the relay kept (the wallet may have ended the session meanwhile), within its own bound. */
  readonly sync: Effect.Effect<boolean, unknown>
  readonly session: Effect.Effect<Option.Option<unknown>>
}

/**
 * A request to the wallet expired: did the wallet end the session meanwhile, or is it just not answering?
 * The relay is asked within what is left of --timeout (`budget`), not at all when nothing is: the line is
 * then worded from what the session already knows. `ended` runs (the stored session is forgotten) when the
 * wallet ended it. `broadcast` tells a `signPsbt` that the wallet was to broadcast.
 */
export const requestExpired =
  (wallet: SessionCheck, budget: WaitBudget | undefined, walletName: string, ended: () => void) =>
  (error: { readonly _tag: string; readonly message: string; readonly method: string }, broadcast = false) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      // A check that fails or runs out decides nothing: the line says what is known.
      if (budget === undefined || budget.endsAtMs > now)
        yield* Effect.ignore(wallet.sync.pipe(withinBudget(budget, () => "out of time")))
      if (Option.isNone(yield* wallet.session)) {
        ended()
        return new CliError(
          `${walletName} ended the WalletConnect session: run \`appkit-cli connect\` again`,
          {
            code: "SessionEnded",
          },
        )
      }
      return new CliError(
        `${error.message}. The request is still pending in ${walletName} and may yet be approved there: ${
          sendsWhenApproved(error.method, broadcast)
            ? "if it is, the transaction is sent"
            : "an approval given now no longer reaches this command"
        }. The session is still open on this side; if the wallet was closed, open it again (or run \`appkit-cli connect\`)`,
        { code: error._tag },
      )
    })
