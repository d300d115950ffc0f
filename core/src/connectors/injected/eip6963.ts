import { Effect, Queue, Schema, Stream } from "effect"
import { type Eip1193Provider, isEip1193Provider } from "./eip1193"

/** What an EIP-6963 wallet says about itself. */
export const Eip6963ProviderInfo = Schema.Struct({
  uuid: Schema.NonEmptyString,
  name: Schema.NonEmptyString,
  /** RFC 2397 data URI of the wallet's icon (EIP-6963 forbids remote URLs). */
  icon: Schema.String.check(Schema.isPattern(/^data:image\/[a-z0-9.+-]+(;[^,]*)?,/i)),
  /** Reverse-DNS id, e.g. "io.metamask". */
  rdns: Schema.String.check(Schema.isPattern(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i)),
})
export type Eip6963ProviderInfo = typeof Eip6963ProviderInfo.Type

export interface AnnouncedProvider {
  readonly info: Eip6963ProviderInfo
  readonly provider: Eip1193Provider
}

const isInfo = Schema.is(Eip6963ProviderInfo)

/** An announcement event's detail, or undefined when it is malformed (any page script can dispatch one). */
const decodeAnnouncement = (event: Event): AnnouncedProvider | undefined => {
  const detail = (event as CustomEvent<unknown>).detail as
    | { info?: unknown; provider?: unknown }
    | null
    | undefined
  return isEip1193Provider(detail?.provider) && isInfo(detail.info)
    ? { info: detail.info, provider: detail.provider }
    : undefined
}

/**
 * Adds an announcement to the list unless its wallet is already there: the same uuid is the same
 * announcement repeated; the same rdns with another uuid is the wallet injected twice. The first one wins.
 */
const addAnnouncement = (
  list: ReadonlyArray<AnnouncedProvider>,
  announced: AnnouncedProvider,
): ReadonlyArray<AnnouncedProvider> =>
  list.some((known) => known.info.uuid === announced.info.uuid || known.info.rdns === announced.info.rdns)
    ? list
    : [...list, announced]

const announceEvent = "eip6963:announceProvider"
const requestEvent = "eip6963:requestProvider"

/**
 * Listens for announcements on `target`, then dispatches `eip6963:requestProvider` so wallets that loaded
 * earlier answer as well as later ones. `onChange` gets the de-duplicated list whenever it grows.
 */
const collectAnnouncements = (
  target: EventTarget,
  onChange: (list: ReadonlyArray<AnnouncedProvider>) => void,
): { readonly current: () => ReadonlyArray<AnnouncedProvider>; readonly stop: () => void } => {
  let list: ReadonlyArray<AnnouncedProvider> = []
  const onAnnounce = (event: Event) => {
    const announced = decodeAnnouncement(event)
    if (announced === undefined) return
    const next = addAnnouncement(list, announced)
    if (next === list) return
    list = next
    onChange(list)
  }
  target.addEventListener(announceEvent, onAnnounce)
  target.dispatchEvent(new Event(requestEvent))
  return { current: () => list, stop: () => target.removeEventListener(announceEvent, onAnnounce) }
}

/** The wallets announced on `target` (the window), as a stream of the de-duplicated list so far. */
export const watchAnnouncedProviders = (
  target: EventTarget,
): Stream.Stream<ReadonlyArray<AnnouncedProvider>> =>
  Stream.callback<ReadonlyArray<AnnouncedProvider>>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => collectAnnouncements(target, (list) => Queue.offerUnsafe(queue, list))),
      (collecting) => Effect.sync(collecting.stop),
    ),
  )

export interface InjectedProviders {
  readonly announced: ReadonlyArray<AnnouncedProvider>
  /** `window.ethereum` when no announced wallet is that same provider (a wallet that never announces itself). */
  readonly legacy?: Eip1193Provider | undefined
}

/**
 * The wallets present now: wallets answer `eip6963:requestProvider` synchronously, so one dispatch finds them.
 * That same round settles `window.ethereum`: an extension injects it and its announcer from one script that runs
 * before the page's own, so by now the wallet behind it has announced itself if it ever will.
 */
export const discoverInjectedProviders = (target: EventTarget): Effect.Effect<InjectedProviders> =>
  Effect.sync(() => {
    const collecting = collectAnnouncements(target, () => {})
    collecting.stop()
    const announced = collecting.current()
    const ethereum = (target as { ethereum?: unknown }).ethereum
    return isEip1193Provider(ethereum) && !announced.some((wallet) => wallet.provider === ethereum)
      ? { announced, legacy: ethereum }
      : { announced }
  })
