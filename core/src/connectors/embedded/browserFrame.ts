import type { FramePort } from "./FrameMessenger"

/**
 * The browser side of the frame: a hidden iframe on the secure site's frame page, and a `FramePort` over it
 * and the dApp window's `message` events. The only module of the embedded wallet that touches the DOM.
 */
export interface SecureFrame {
  readonly port: FramePort
  readonly iframe: HTMLIFrameElement
  /** Removes the iframe; requests still waiting are then aborted by the messenger's scope. */
  readonly remove: () => void
}

/** The frame page of a secure site at `secureSiteUrl` (which may sit under a path). */
export const secureFramePageUrl = (secureSiteUrl: string): string =>
  new URL("frame", secureSiteUrl.endsWith("/") ? secureSiteUrl : `${secureSiteUrl}/`).href

/** How many messages posted before the messenger listens are kept for it (the frame sends one: "ready"). */
const EARLY_MESSAGES = 64

export const mountSecureFrame = (document: Document, secureSiteUrl: string): SecureFrame => {
  const view = document.defaultView
  if (view === null) throw new Error("The embedded wallet needs a document with a window")
  const iframe = document.createElement("iframe")
  iframe.src = secureFramePageUrl(secureSiteUrl)
  iframe.title = "Embedded wallet"
  iframe.setAttribute("aria-hidden", "true")
  iframe.style.cssText = "position:fixed;width:0;height:0;border:0;visibility:hidden"
  // The frame may say "ready" before the messenger's code has loaded and listens (its chunk is fetched after
  // the frame is mounted): kept for the first listener, as a MessagePort keeps messages until start(), so a
  // slow import does not end as iframe_load_failed 20 s later. Bounded: a page flooding the window meanwhile
  // gains nothing; the messenger screens what is kept like any other message.
  let early: Array<MessageEvent> | undefined = []
  const keep = (event: MessageEvent) => {
    if (early !== undefined && early.length < EARLY_MESSAGES) early.push(event)
  }
  const stopKeeping = () => {
    view.removeEventListener("message", keep)
    const kept = early ?? []
    early = undefined
    return kept
  }
  view.addEventListener("message", keep)
  document.body.appendChild(iframe)
  return {
    iframe,
    remove: () => {
      stopKeeping()
      iframe.remove()
    },
    port: {
      post: (message, targetOrigin) => {
        const target = iframe.contentWindow
        if (target === null) throw new Error("The embedded wallet frame was removed")
        target.postMessage(message, targetOrigin)
      },
      subscribe: (listener) => {
        const onMessage = (event: MessageEvent) => listener(event)
        view.addEventListener("message", onMessage)
        for (const event of stopKeeping()) listener(event)
        return () => view.removeEventListener("message", onMessage)
      },
      // The WindowProxy stays the same object while the frame navigates; read it at each message all the same.
      get frameWindow() {
        return iframe.contentWindow
      },
    },
  }
}
