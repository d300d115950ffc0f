import type { SwapSigner, SwapStep } from "@appkit/core/effect"
import { Effect } from "effect"
import { CliError, describeError, errorCode, exitCodeOf } from "../output"
import { pendingInWallet, sentButUnconfirmed } from "../sentUnconfirmed"

interface Sent {
  readonly step: SwapStep
  readonly hash: string
  status: "success" | "reverted" | undefined
}

/**
 * The transactions a swap sent (the approval, then the swap) and what their receipts said, so that a failure
 * after the first one left still names each: the ones that landed, and the one that may still land.
 */
export class SentTransactions {
  /** The step under way, as the flow tells it. */
  step: SwapStep = "allowance"
  private readonly sent: Array<Sent> = []
  /** The account's transaction count read before the latest request: a wallet's late approval raises it. */
  private countBefore: bigint | undefined

  /**
   * `sender`, recording each hash it sends (told to `onSent`) and each receipt's status; `count` reads the
   * account's transaction count (pending included), taken before each transaction is asked for.
   */
  recording<E>(
    sender: SwapSigner<E>,
    onSent: (step: SwapStep, hash: string) => void,
    count: () => Promise<bigint | undefined>,
  ): SwapSigner<E> {
    return {
      ...sender,
      sendTransaction: (transaction) =>
        Effect.promise(count).pipe(
          Effect.flatMap((before) => {
            this.countBefore = before
            return sender.sendTransaction(transaction)
          }),
          Effect.tap((hash) =>
            Effect.sync(() => {
              this.sent.push({ step: this.step, hash, status: undefined })
              onSent(this.step, hash)
            }),
          ),
        ),
      waitForReceipt: (hash) =>
        Effect.tap(sender.waitForReceipt(hash), (status) =>
          Effect.sync(() => {
            for (const sent of this.sent) if (sent.hash === hash) sent.status = status
          }),
        ),
    }
  }

  /**
   * The one line for `error`: a request the wallet left unanswered is still pending there (with the count that
   * tells whether it sent it after all, as for `send`); it names every transaction sent, and says one whose
   * outcome is unknown may land.
   */
  failure(failed: unknown): unknown {
    const error = pendingInWallet(failed, this.countBefore)
    if (this.sent.length === 0) return error
    const landed = this.sent
      .filter((sent) => sent.status === "success")
      .map((sent) => `The ${sent.step === "approve" ? "approval" : "swap"} ${sent.hash} landed`)
    const reason = new CliError([describeError(error), ...landed].join(". "), {
      code: errorCode(error),
      exitCode: exitCodeOf(error),
    })
    const open = this.sent.find((sent) => sent.status === undefined)
    return open === undefined ? reason : sentButUnconfirmed(open.hash, reason)
  }
}
