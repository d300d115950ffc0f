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

export const mountSecureFrame = (document: Document, secureSiteUrl: string): SecureFrame => {
  const view = document.defaultView
  if (view === null) throw new Error("The embedded wallet needs a document with a window")
  const iframe = document.createElement("iframe")
  iframe.src = secureFramePageUrl(secureSiteUrl)
  iframe.title = "Embedded wallet"
  iframe.setAttribute("aria-hidden", "true")
  iframe.style.cssText = "position:fixed;width:0;height:0;border:0;visibility:hidden"
  document.body.appendChild(iframe)
  return {
    iframe,
    remove: () => iframe.remove(),
    port: {
      post: (message, targetOrigin) => {
        const target = iframe.contentWindow
        if (target === null) throw new Error("The embedded wallet frame was removed")
        target.postMessage(message, targetOrigin)
      },
      subscribe: (listener) => {
        const onMessage = (event: MessageEvent) => listener(event)
        view.addEventListener("message", onMessage)
        return () => view.removeEventListener("message", onMessage)
      },
      // The WindowProxy stays the same object while the frame navigates; read it at each message all the same.
      get frameWindow() {
        return iframe.contentWindow
      },
    },
  }
}
