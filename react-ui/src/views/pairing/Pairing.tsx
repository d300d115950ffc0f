import { isPairingExpired, Timings } from "@appkit/core"
import { Duration } from "effect"
import { useEffect, useState } from "react"
import { useAppKitInstance } from "../../binding/context"
import { errorMessage } from "../../binding/errorMessage"
import { useAppKitSelector } from "../../binding/useAppKitSelector"
import { AppKitImage } from "../../image/Image"
import { Notice, Spinner } from "../../modal/parts"
import { LazyQrCode } from "../../qr/LazyQrCode"

const marginMs = Duration.toMillis(Timings.pairingExpiryMargin)

/** The wall clock, ticking each second while `active` (only to redraw a countdown the core's expiry defines). */
const useSecondTick = (active: boolean) => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

const minutesAndSeconds = (millis: number) => {
  const seconds = Math.max(0, Math.ceil(millis / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
}

export interface PairingProps {
  /** Whose wallet is being paired (its name and image), if one was picked. */
  readonly walletName: string | undefined
  readonly walletImageUrl: string | undefined
  readonly error: unknown
  readonly pending: boolean
  /** Starts a new pairing (a fresh URI). */
  readonly retry: () => void
}

/**
 * The pairing QR code of the core's `wcUri`, the time left before it expires (§4: 4 minutes, expired within
 * the last 10 s — both the core's), a copy-link button and what went wrong.
 */
export const Pairing = ({ walletName, walletImageUrl, error, pending, retry }: PairingProps) => {
  const appKit = useAppKitInstance()
  const uri = useAppKitSelector((state) => state.pairing.wcUri)
  const expiry = useAppKitSelector((state) => state.pairing.wcPairingExpiry)
  const now = useSecondTick(uri !== undefined && error === undefined)
  const expired = uri !== undefined && isPairingExpired(expiry, now)
  const copy = async () => {
    if (uri === undefined) return
    try {
      await navigator.clipboard.writeText(uri)
      await appKit.showToast({ message: "Link copied", variant: "success" })
    } catch {
      await appKit.showToast({ message: "Could not copy the link", variant: "error" })
    }
  }
  const image = (
    <AppKitImage
      src={walletImageUrl}
      alt={walletName ?? "WalletConnect"}
      size={40}
      shape="square"
      decorative
    />
  )
  if (error !== undefined && !pending)
    return (
      <Notice
        image={image}
        title={expired ? "The QR code expired" : "Connection failed"}
        actions={
          <button type="button" className="appkit-button" onClick={retry}>
            {expired ? "Refresh QR code" : "Try again"}
          </button>
        }
      >
        <p className="appkit-error" role="alert">
          {errorMessage(error)}
        </p>
      </Notice>
    )
  if (uri === undefined) return <Spinner label="Preparing the QR code" />
  return (
    <div className="appkit-center" data-wc-uri={uri}>
      <LazyQrCode value={uri} size={240} label={`QR code to connect ${walletName ?? "a wallet"}`} />
      <p>Scan this QR code with {walletName ?? "your phone's wallet"}</p>
      <p className="appkit-muted" aria-live="off">
        {expired ? "Expired" : `Expires in ${minutesAndSeconds((expiry ?? now) - marginMs - now)}`}
      </p>
      <div className="appkit-actions">
        <button type="button" className="appkit-button" data-variant="secondary" onClick={() => void copy()}>
          Copy link
        </button>
        {expired && (
          <button type="button" className="appkit-button" onClick={retry}>
            Refresh QR code
          </button>
        )}
      </div>
    </div>
  )
}
