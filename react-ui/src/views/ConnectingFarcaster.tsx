import { useAppKitSelector } from "../binding/useAppKitSelector"
import { Notice, Spinner } from "../modal/parts"
import { LazyQrCode } from "../qr/LazyQrCode"

/** §2 ConnectingFarcaster: the QR code of the account's `farcasterUrl`, once the embedded wallet gives one. */
export default function ConnectingFarcaster() {
  const url = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.farcasterUrl,
  )
  if (url === undefined) return <Spinner label="Preparing the Farcaster QR code" />
  return (
    <Notice title="Scan with Farcaster">
      <LazyQrCode value={url} size={240} label="QR code to sign in with Farcaster" />
      <p className="appkit-muted">Scan this QR code with your phone's camera.</p>
    </Notice>
  )
}
