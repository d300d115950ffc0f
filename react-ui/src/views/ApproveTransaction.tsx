import { useAppKitInstance } from "../binding/context"
import { Notice } from "../modal/parts"

/**
 * §2 ApproveTransaction: a wallet request waits for the user's approval. The modal refuses to close here
 * (§4, the core shakes it); the request's end decides where the router goes (the transaction stack).
 */
export default function ApproveTransaction() {
  const appKit = useAppKitInstance()
  return (
    <Notice
      title="Approve the request"
      actions={
        <button
          type="button"
          className="appkit-button"
          data-variant="secondary"
          onClick={() => void appKit.finishTransaction("cancel")}
        >
          Cancel
        </button>
      }
    >
      <span className="appkit-spinner" aria-hidden="true" />
      <p className="appkit-muted">Review and approve the request in your wallet.</p>
    </Notice>
  )
}
