import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AccountButton, type AccountButtonProps } from "./AccountButton"
import { ButtonRoot } from "./ButtonRoot"

export interface AppKitButtonProps extends AccountButtonProps {
  readonly label?: string
  readonly loadingLabel?: string
  /** Greys the button out (while the app itself is not ready, say). It stays usable while connecting. */
  readonly disabled?: boolean
}

/** "Connect Wallet" while disconnected (opening the modal), the AccountButton once connected. */
export const AppKitButton = ({
  label = "Connect Wallet",
  loadingLabel = "Connecting…",
  disabled = false,
  balance,
}: AppKitButtonProps) => {
  const appKit = useAppKitInstance("AppKitButton")
  const status = useAppKitSelector((state) => state.connection.status)
  const connected = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.address !== undefined,
  )
  if (status === "connected" && connected)
    return <AccountButton {...(balance === undefined ? {} : { balance })} />
  const connecting = status === "connecting"
  return (
    <ButtonRoot>
      <button
        type="button"
        className="appkit-button"
        data-appkit-button="connect"
        disabled={disabled}
        aria-busy={connecting}
        onClick={() => void appKit.open()}
      >
        {connecting ? loadingLabel : label}
      </button>
    </ButtonRoot>
  )
}
