import {
  type MouseEvent,
  type PointerEvent,
  Suspense,
  type SyntheticEvent,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react"
import { useAppKitContext } from "../binding/context"
import { useAlert } from "../binding/hooks"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { Style } from "../theme/Style"
import { themeAttributes } from "../theme/theme"
import { ConnectFlowProvider, useConnectFlow } from "./flow"
import { modalCss } from "./modalCss"
import { Spinner } from "./parts"
import { Toast } from "./Toast"
import { ViewBoundary } from "./ViewBoundary"
import { likelyNextViews, views, viewTitles } from "./views"

const titleId = "appkit-modal-title"

const Header = () => {
  const { appKit } = useAppKitContext("Modal")
  const view = useAppKitSelector((state) => state.router.view)
  const canGoBack = useAppKitSelector((state) => state.router.history.length > 1)
  const closeDisabled = useAppKitSelector((state) => state.modal.closeDisabled)
  const { target } = useConnectFlow()
  const connecting = view === "ConnectingExternal" || view === "ConnectingWalletConnect"
  const title = connecting && target !== undefined ? target.name : viewTitles[view]
  // A view change takes away what the user pressed (a row, Back): focus would fall out of the dialog to the
  // page's body, and a screen reader would not say where it landed. It goes to the new view's title instead.
  const heading = useRef<HTMLHeadingElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on every change of view
  useEffect(() => {
    const focused = document.activeElement
    if (focused === null || focused === document.body) heading.current?.focus()
  }, [view])
  return (
    <div className="appkit-header">
      {canGoBack ? (
        <button
          type="button"
          className="appkit-icon-button"
          aria-label="Back"
          onClick={() => void appKit.goBack()}
        >
          ‹
        </button>
      ) : (
        <span />
      )}
      <h2 id={titleId} key={title} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <button
        type="button"
        className="appkit-icon-button"
        aria-label="Close"
        disabled={closeDisabled}
        onClick={() => void appKit.close()}
      >
        ×
      </button>
    </div>
  )
}

/** Animates the card's height to its content's (§2: 150 ms), measured whenever the content resizes. */
const useAnimatedHeight = () => {
  const sizer = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const inner = content.current
    const outer = sizer.current
    if (inner === null || outer === null || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(() => {
      outer.style.height = `${inner.offsetHeight}px`
    })
    observer.observe(inner)
    return () => observer.disconnect()
  }, [])
  return { sizer, content }
}

/** The core's §8 alert (a configuration problem, with the catalogue's texts), shown at the top of every view. */
const AlertBanner = () => {
  const { appKit } = useAppKitContext("Modal")
  const { shortMessage, longMessage } = useAlert()
  if (shortMessage === undefined) return null
  return (
    <div className="appkit-alert" role="alert">
      <strong>{shortMessage}</strong>
      <div>{longMessage}</div>
      <button
        type="button"
        className="appkit-icon-button"
        aria-label="Dismiss"
        onClick={() => void appKit.dismissAlert()}
      >
        ×
      </button>
    </div>
  )
}

const Body = () => {
  const view = useAppKitSelector((state) => state.router.view)
  const View = views[view]
  const { sizer, content } = useAnimatedHeight()
  // What this view leads to is fetched while the user reads it (a failed fetch is retried when it opens).
  useEffect(() => {
    for (const next of likelyNextViews[view] ?? []) views[next].preload?.().catch(() => {})
  }, [view])
  return (
    <div className="appkit-sizer" ref={sizer}>
      <div ref={content}>
        <div className="appkit-body" key={view} data-view={view}>
          <ViewBoundary>
            <Suspense fallback={<Spinner label="Loading" />}>
              <View />
            </Suspense>
          </ViewBoundary>
        </div>
      </div>
    </div>
  )
}

/**
 * The modal: a native `dialog` shown with showModal(), so the page behind is inert (focus stays inside),
 * Escape and a click on the backdrop ask the core to close (it may refuse and shake, §4), and the view is
 * whatever the core's router says.
 */
export default function Modal() {
  const { appKit, theme } = useAppKitContext("Modal")
  const open = useAppKitSelector((state) => state.modal.open)
  const shake = useAppKitSelector((state) => state.modal.shake)
  const dialog = useRef<HTMLDialogElement>(null)
  // The close event of a close the core asked for comes a task later: by then the core may have opened the modal
  // again (sign-in right after a connect), which that event must not undo.
  const closedForCore = useRef(false)
  useLayoutEffect(() => {
    const element = dialog.current
    if (element === null) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) {
      closedForCore.current = true
      element.close()
    }
  }, [open])
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    void appKit.close()
  }
  // Chromium lets a page refuse a dialog's cancel once per user activation: a second Escape closes it natively.
  // While the core still holds the modal open it is asked again, and the dialog comes back when it refuses.
  const onClose = () => {
    if (closedForCore.current) {
      closedForCore.current = false
      return
    }
    const element = dialog.current
    // Shown again meanwhile (closed and reopened at once), or closed by the core: nothing went behind its back.
    if (element === null || element.open || !appKit.getState().modal.open) return
    void appKit.close().then((closed) => {
      if (!closed && appKit.getState().modal.open && !element.open) element.showModal()
    })
  }
  // A click whose press began inside the card (a drag selecting text, released outside) is not a backdrop click.
  const pressedOnBackdrop = useRef(false)
  const onPress = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget
  }
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) void appKit.close()
  }
  return (
    <div className="appkit-root" {...themeAttributes(theme)}>
      <Style id="modal" css={modalCss} />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the dialog's own cancel event */}
      <dialog
        ref={dialog}
        className="appkit-modal"
        aria-labelledby={titleId}
        onCancel={onCancel}
        onClose={onClose}
        onPointerDown={onPress}
        onClick={onBackdrop}
      >
        {open && (
          <ConnectFlowProvider>
            <div className="appkit-card" data-shake={shake}>
              <Toast />
              <Header />
              <AlertBanner />
              <Body />
            </div>
          </ConnectFlowProvider>
        )}
      </dialog>
    </div>
  )
}
