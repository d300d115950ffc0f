import type { BitcoinWalletOption } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { selectorEvents } from "./selectorMachine"

/**
 * How the request layer talks to the wallet selector: open it with the wallet options and wait for the
 * pick, then tell it while the wallet is open. The element in react-ui (or any page script) answers the
 * same window events sats-connect's selector does.
 */
export interface WalletSelector {
  /** The id of the wallet the user picked; a cancel rejects with 'Failed to select the provider…'. */
  readonly select: (options: ReadonlyArray<BitcoinWalletOption>) => Promise<string>
  readonly walletOpen: (id: string) => void
  readonly walletClose: () => void
  readonly close: () => void
}

/** A person picking a wallet may take a while, but not forever: past this (ms) the prompt counts as cancelled. */
export const selectionTimeout = 10 * 60 * 1000

/** How often (ms) an open prompt looks whether its selector is still on the page: no one answers once it is gone. */
const selectorPresenceCheck = 1000

const notDetected = () => new BitcoinError({ reason: "selectorNotDetected" })
const selectionFailed = () => new BitcoinError({ reason: "providerSelectionFailed" })

const dispatch = (target: EventTarget, name: string, detail?: unknown) =>
  void target.dispatchEvent(new CustomEvent(name, { detail }))

/**
 * The selector reached through window events. `isLoaded` says whether the element is on the page;
 * without it selection fails with 'Failed to detect the wallet provider selector.', at once, or within a
 * second when it leaves the page while the prompt is open. `timeout` is in milliseconds.
 */
export const windowSelector = (
  target: EventTarget,
  isLoaded: () => boolean,
  timeout: number = selectionTimeout,
): WalletSelector => ({
  select: (options) =>
    new Promise<string>((resolve, reject) => {
      if (!isLoaded()) return reject(notDetected())
      const stop = () => {
        target.removeEventListener(selectorEvents.select, onSelect)
        target.removeEventListener(selectorEvents.cancel, onCancel)
        clearInterval(presence)
        clearTimeout(expiry)
      }
      const onSelect = (event: Event) => {
        const id = (event as CustomEvent<unknown>).detail
        stop()
        if (typeof id === "string" && id !== "") resolve(id)
        else reject(selectionFailed())
      }
      const onCancel = () => {
        stop()
        reject(selectionFailed())
      }
      const presence = setInterval(() => {
        if (isLoaded()) return
        stop()
        reject(notDetected())
      }, selectorPresenceCheck)
      const expiry = setTimeout(() => {
        stop()
        dispatch(target, selectorEvents.close)
        reject(selectionFailed())
      }, timeout)
      target.addEventListener(selectorEvents.select, onSelect)
      target.addEventListener(selectorEvents.cancel, onCancel)
      dispatch(target, selectorEvents.open, { options })
    }),
  walletOpen: (id) => dispatch(target, selectorEvents.walletOpen, id),
  walletClose: () => dispatch(target, selectorEvents.walletClose),
  close: () => dispatch(target, selectorEvents.close),
})
