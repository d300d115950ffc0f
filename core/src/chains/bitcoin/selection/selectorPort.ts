import { Duration, Effect } from "effect"
import type { BitcoinWalletOption } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { selectorEvents } from "./selectorMachine"

/**
 * How the request layer talks to the wallet selector: open it with the wallet options and wait for the
 * pick, then tell it while the wallet is open. The element in react-ui (or any page script) answers the
 * same window events sats-connect's selector does.
 */
export interface WalletSelector {
  /** The id of the wallet the user picked; a cancel is 'Failed to select the provider…'. */
  readonly select: (options: ReadonlyArray<BitcoinWalletOption>) => Effect.Effect<string, BitcoinError>
  readonly walletOpen: (id: string) => Effect.Effect<void>
  readonly walletClose: Effect.Effect<void>
  readonly close: Effect.Effect<void>
}

/** A person picking a wallet may take a while, but not forever: past this the prompt counts as cancelled. */
export const selectionTimeout = Duration.minutes(10)

/** How often an open prompt looks whether its selector is still on the page: no one answers once it is gone. */
const selectorPresenceCheck = Duration.seconds(1)

const notDetected = () => new BitcoinError({ reason: "selectorNotDetected" })

/** Fails with 'Failed to detect the wallet provider selector.' once the selector has left the page. */
const selectorGone = (isLoaded: () => boolean): Effect.Effect<never, BitcoinError> =>
  Effect.flatMap(Effect.sleep(selectorPresenceCheck), () =>
    isLoaded() ? selectorGone(isLoaded) : Effect.fail(notDetected()),
  )

const dispatch = (target: EventTarget, name: string, detail?: unknown) =>
  Effect.sync(() => void target.dispatchEvent(new CustomEvent(name, { detail })))

/**
 * The selector reached through window events. `isLoaded` says whether the element is on the page;
 * without it selection fails with 'Failed to detect the wallet provider selector.', at once, or within a
 * second when it leaves the page while the prompt is open.
 */
export const windowSelector = (
  target: EventTarget,
  isLoaded: () => boolean,
  timeout: Duration.Input = selectionTimeout,
): WalletSelector => ({
  select: (options) =>
    Effect.suspend(() => {
      if (!isLoaded()) return Effect.fail(notDetected())
      return Effect.callback<string, BitcoinError>((resume) => {
        const onSelect = (event: Event) => {
          const id = (event as CustomEvent<unknown>).detail
          stop()
          resume(
            typeof id === "string" && id !== ""
              ? Effect.succeed(id)
              : Effect.fail(new BitcoinError({ reason: "providerSelectionFailed" })),
          )
        }
        const onCancel = () => {
          stop()
          resume(Effect.fail(new BitcoinError({ reason: "providerSelectionFailed" })))
        }
        const stop = () => {
          target.removeEventListener(selectorEvents.select, onSelect)
          target.removeEventListener(selectorEvents.cancel, onCancel)
        }
        target.addEventListener(selectorEvents.select, onSelect)
        target.addEventListener(selectorEvents.cancel, onCancel)
        target.dispatchEvent(new CustomEvent(selectorEvents.open, { detail: { options } }))
        return Effect.sync(stop)
      }).pipe(
        Effect.raceFirst(selectorGone(isLoaded)),
        Effect.timeoutOrElse({
          duration: timeout,
          orElse: () =>
            Effect.andThen(
              dispatch(target, selectorEvents.close),
              Effect.fail(new BitcoinError({ reason: "providerSelectionFailed" })),
            ),
        }),
      )
    }),
  walletOpen: (id) => dispatch(target, selectorEvents.walletOpen, id),
  walletClose: dispatch(target, selectorEvents.walletClose),
  close: dispatch(target, selectorEvents.close),
})
