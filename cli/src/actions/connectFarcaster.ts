import { type AppKit, Timings } from "@appkit/core"
import { Duration, Effect } from "effect"
import { formatDuration } from "../duration"
import { giveUpWaiting } from "../giveUp"
import { note, printJson, printLine } from "../output"
import { qrFits, qrLines, tooSmall } from "../pairingView"

/**
 * `appkit-cli connect --social farcaster`: the embedded wallet's Farcaster sign-in. The secure site opens a
 * channel whose URL a Farcaster client approves (scanned from the QR code, or opened on the phone signed in
 * to it); the terminal shows that URL and its QR code, as `connect` shows a pairing URI, and waits for the
 * approval — for the core's own bound (§9's 4 min for a user's action), or less with --timeout.
 */
export const farcasterLogin = async (
  appKit: AppKit,
  options: { readonly json: boolean; readonly timeoutMs: number | undefined },
): Promise<void> => {
  const url = await appKit.embedded.farcasterUrl()
  const waitMs = Math.min(
    options.timeoutMs ?? Number.POSITIVE_INFINITY,
    Duration.toMillis(Timings.frameUserActionTimeout),
  )
  if (options.json)
    printJson({ event: "farcaster_url", url, expiresAt: new Date(Date.now() + waitMs).toISOString() })
  else {
    printLine("Scan the QR code with Farcaster, or open the URL on the phone signed in to it:")
    const qr = qrLines(url)
    if (qrFits(qr, process.stdout, 4)) for (const line of qr) printLine(line)
    else note(tooSmall)
    printLine(`url: ${url}`)
    printLine(`Waiting up to ${formatDuration(waitMs)} for the approval`)
  }
  await Effect.runPromise(
    giveUpWaiting(options.timeoutMs, "No Farcaster approval", () => appKit.embedded.connectFarcaster()),
  )
}
