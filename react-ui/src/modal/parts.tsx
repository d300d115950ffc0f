import type { ReactNode } from "react"
import { useAppKitInstance } from "../binding/context"
import { AppKitImage } from "../image/Image"

/** A busy indicator that names what is happening for screen readers. */
export const Spinner = ({ label }: { readonly label: string }) => (
  <div className="appkit-center" role="status">
    <span className="appkit-spinner" aria-hidden="true" />
    <span className="appkit-sr-only">{label}</span>
  </div>
)

export interface RowProps {
  readonly name: string
  readonly imageUrl: string | undefined
  readonly detail?: ReactNode
  readonly tag?: string | undefined
  readonly current?: boolean
  readonly disabled?: boolean
  readonly onClick: () => void
}

/** One choosable line of a list (a wallet, a network, a token): image, name, optional detail and tag. */
export const Row = ({ name, imageUrl, detail, tag, current, disabled, onClick }: RowProps) => (
  <li>
    <button
      type="button"
      className="appkit-row"
      aria-current={current || undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <AppKitImage src={imageUrl} alt={name} size={36} shape="square" decorative />
      <span className="appkit-row-main">
        <span>{name}</span>
        {detail !== undefined && <span className="appkit-muted">{detail}</span>}
      </span>
      {tag !== undefined && <span className="appkit-tag">{tag}</span>}
    </button>
  </li>
)

/** A centred message with an optional image and actions: the Connecting, sign-in and result views. */
export const Notice = ({
  image,
  title,
  children,
  actions,
}: {
  readonly image?: ReactNode
  readonly title: string
  readonly children?: ReactNode
  readonly actions?: ReactNode
}) => (
  <div className="appkit-center">
    {image}
    <h3>{title}</h3>
    {children}
    {actions !== undefined && <div className="appkit-actions">{actions}</div>}
  </div>
)

/** A list that scrolls inside the modal; focusable, so a keyboard can scroll it (WCAG 2.1.1). */
export const ScrollList = ({ label, children }: { readonly label: string; readonly children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
  <ul className="appkit-list appkit-scroll" aria-label={label} tabIndex={0}>
    {children}
  </ul>
)

/** Ends every connection (the core disconnects and clears them even when a wallet does not answer). */
export const DisconnectButton = () => {
  const appKit = useAppKitInstance()
  return (
    <button
      type="button"
      className="appkit-button"
      data-variant="secondary"
      // A wallet that failed to hear it is gone for us anyway: the core has cleared the connection.
      onClick={() => void appKit.disconnect().catch(() => undefined)}
    >
      Disconnect
    </button>
  )
}
