import { activeAccount } from "../account/selectors"
import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { Spinner } from "../modal/parts"
import { LazyQrCode } from "../qr/LazyQrCode"

/**
 * Receive: the active account's address as a QR code (the bare address, as wallets' scanners expect), a copy
 * button, and the networks of the connected namespace the address receives on.
 */
export default function WalletReceive() {
  const appKit = useAppKitInstance()
  const account = useAppKitSelector(activeAccount, shallowEqual)
  const namespace = useAppKitSelector((state) => state.network.activeNamespace)
  const networks = useAppKitSelector((state) => state.network.requestedCaipNetworks)
  if (account.address === undefined) return <Spinner label="Loading the account" />
  const address = account.address
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      await appKit.showToast({ message: "Address copied", variant: "success" })
    } catch {
      await appKit.showToast({ message: "Could not copy the address", variant: "error" })
    }
  }
  const sameNamespace = networks.filter((network) => network.chainNamespace === namespace)
  return (
    <div className="appkit-center">
      <LazyQrCode value={address} size={220} label={`QR code of ${address}`} />
      <p data-testid="receive-address" style={{ wordBreak: "break-all", margin: 0 }}>
        {address}
      </p>
      <button type="button" className="appkit-button" data-variant="secondary" onClick={() => void copy()}>
        Copy address
      </button>
      <p className="appkit-muted" style={{ margin: 0 }}>
        Receive on {sameNamespace.map((network) => network.name).join(", ")}
      </p>
    </div>
  )
}
