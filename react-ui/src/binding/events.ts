import type { AppKit, AppKitState } from "@appkit/core"

/** Reown AppKit's event names, for what the core's state shows happened. */
export type AppKitEventName =
  | "MODAL_OPEN"
  | "MODAL_CLOSE"
  | "CONNECT_SUCCESS"
  | "DISCONNECT_SUCCESS"
  | "SWITCH_NETWORK"
  | "SIWX_AUTH_SUCCESS"
  | "SIWX_AUTH_ERROR"

export interface AppKitEvent {
  readonly timestamp: number
  readonly data: {
    readonly type: "track"
    readonly event: AppKitEventName
    readonly properties?: Readonly<Record<string, unknown>> | undefined
  }
}

type EventData = AppKitEvent["data"]

const track = (event: AppKitEventName, properties?: Record<string, unknown>): EventData =>
  properties === undefined ? { type: "track", event } : { type: "track", event, properties }

/** The events one state change stands for, in the order a user would see them happen. */
export const eventsBetween = (previous: AppKitState, next: AppKitState): ReadonlyArray<EventData> => {
  const events: Array<EventData> = []
  const connected = next.connection.status === "connected"
  if (previous.connection.status !== "connected" && connected) {
    const namespace = next.network.activeNamespace
    events.push(
      track("CONNECT_SUCCESS", {
        name: next.account.byNamespace[namespace]?.connectedWalletInfo?.name,
        caipNetworkId: next.network.caipNetwork.caipNetworkId,
      }),
    )
  }
  if (previous.connection.status === "connected" && next.connection.status === "disconnected")
    events.push(track("DISCONNECT_SUCCESS"))
  if (previous.network.caipNetwork.caipNetworkId !== next.network.caipNetwork.caipNetworkId)
    events.push(track("SWITCH_NETWORK", { network: next.network.caipNetwork.caipNetworkId }))
  if (previous.siwx.status !== next.siwx.status) {
    if (next.siwx.status === "success") events.push(track("SIWX_AUTH_SUCCESS"))
    if (next.siwx.status === "error") events.push(track("SIWX_AUTH_ERROR", { message: next.siwx.error }))
  }
  if (!previous.modal.open && next.modal.open) events.push(track("MODAL_OPEN", { connected }))
  if (previous.modal.open && !next.modal.open) events.push(track("MODAL_CLOSE", { connected }))
  return events
}

/** The latest event of an AppKit instance, as an external store (`useAppKitEvents` reads it). */
export const createEventStore = (appKit: AppKit, now: () => number = Date.now) => {
  let latest: AppKitEvent | undefined
  let previous = appKit.getState()
  const listeners = new Set<() => void>()
  let stop: (() => void) | undefined
  const onState = (state: AppKitState) => {
    const events = eventsBetween(previous, state)
    previous = state
    if (events.length === 0) return
    for (const data of events) latest = { timestamp: now(), data }
    for (const listener of listeners) listener()
  }
  return {
    getSnapshot: (): AppKitEvent | undefined => latest,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      if (stop === undefined) {
        previous = appKit.getState()
        stop = appKit.subscribe(onState)
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          stop?.()
          stop = undefined
        }
      }
    },
  }
}
export type EventStore = ReturnType<typeof createEventStore>
