import { errorMessage } from "../binding/errorMessage"
import { AppKitImage } from "../image/Image"
import { useConnectFlow } from "../modal/flow"
import { Notice } from "../modal/parts"

/** §2 ConnectingExternal: waiting for the picked wallet to accept, or why it did not. */
export default function ConnectingExternal() {
  const flow = useConnectFlow()
  const target = flow.target
  if (target === undefined) return <Notice title="No wallet selected" />
  const image = <AppKitImage src={target.imageUrl} alt={target.name} size={64} shape="square" decorative />
  if (flow.error !== undefined && !flow.pending)
    return (
      <Notice
        image={image}
        title="Connection declined"
        actions={
          <button
            type="button"
            className="appkit-button"
            onClick={() => void flow.connect(target, "ConnectingExternal")}
          >
            Try again
          </button>
        }
      >
        <p className="appkit-error" role="alert">
          {errorMessage(flow.error)}
        </p>
      </Notice>
    )
  return (
    <Notice image={image} title={`Continue in ${target.name}`}>
      <p className="appkit-muted">Accept the connection request in the wallet</p>
      {flow.pending && <span className="appkit-spinner" aria-hidden="true" />}
    </Notice>
  )
}
