import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"

const icons = { success: "✓", error: "!", info: "i", loading: "…" } as const

/** The core's toast (§3/§4): what, its variant, and when it shows and hides are all the core's. */
export const Toast = () => {
  const toast = useAppKitSelector(
    (state) => ({ open: state.toast.open, message: state.toast.message, variant: state.toast.variant }),
    shallowEqual,
  )
  return (
    <div role="status" aria-live="polite" className="appkit-sr-region">
      {toast.open && (
        <div className="appkit-toast" data-variant={toast.variant}>
          <span aria-hidden="true">{icons[toast.variant]}</span>
          {toast.message}
        </div>
      )}
    </div>
  )
}
