import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { Notice } from "../modal/parts"

/** §2 RegisterAccountNameSuccess: shown first (§4), it follows the core's registration until it is done. */
export default function RegisterAccountNameSuccess() {
  const appKit = useAppKitInstance()
  const names = useAppKitSelector((state) => state.names, shallowEqual)
  if (names.status === "registered")
    return (
      <Notice
        title={`${names.name} is yours`}
        actions={
          <button type="button" className="appkit-button" onClick={() => void appKit.reset("Account")}>
            Done
          </button>
        }
      >
        <p className="appkit-success">Your name now shows on your account.</p>
      </Notice>
    )
  return (
    <Notice title={`Registering ${names.name ?? ""}`}>
      <span className="appkit-spinner" aria-hidden="true" />
      <p className="appkit-muted">Sign the message in your wallet to register the name.</p>
    </Notice>
  )
}
