import { Component, type ReactNode } from "react"
import { errorMessage } from "../binding/errorMessage"
import { Notice } from "./parts"

interface ViewBoundaryState {
  readonly error: unknown
  readonly failed: boolean
}

/**
 * What a view shows when it cannot render, its code above all (a lazy chunk the network failed to bring):
 * the reason and a retry, inside the modal. Without it React unmounts the whole root, the dApp's page with it.
 */
export class ViewBoundary extends Component<{ readonly children: ReactNode }, ViewBoundaryState> {
  override state: ViewBoundaryState = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): ViewBoundaryState {
    return { error, failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Notice
        title="This view could not load"
        actions={
          <button
            type="button"
            className="appkit-button"
            onClick={() => this.setState({ error: undefined, failed: false })}
          >
            Try again
          </button>
        }
      >
        <p className="appkit-error" role="alert">
          {errorMessage(this.state.error)}
        </p>
      </Notice>
    )
  }
}
