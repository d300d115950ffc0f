import { Suspense } from "react"
import { Spinner } from "../modal/parts"
import { preloadableView } from "../modal/preloadableView"

const QrCode = preloadableView(() => import("./QrCode"))

/** The QR code, loaded on demand (its encoder is not part of any first paint). */
export const LazyQrCode = (props: {
  readonly value: string
  readonly size: number
  readonly label: string
}) => (
  <Suspense fallback={<Spinner label="Loading QR code" />}>
    <QrCode {...props} />
  </Suspense>
)
