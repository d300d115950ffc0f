import { encode } from "uqr"

/** Module size in SVG units: the drawing scales to `size` pixels. */
const quietZone = 2

/**
 * A QR code of `value` as one SVG path (dark modules on white, a quiet zone around), drawn from uqr's
 * matrix. This module and uqr form a lazy chunk: only the pairing views load them.
 */
export default function QrCode({
  value,
  size,
  label,
}: {
  readonly value: string
  readonly size: number
  readonly label: string
}) {
  const { data } = encode(value, { ecc: "M", border: 0 })
  const modules = data.length + quietZone * 2
  let path = ""
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + quietZone} ${y + quietZone}h1v1h-1z`
    })
  })
  return (
    <div className="appkit-qr">
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
      >
        <rect width={modules} height={modules} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </div>
  )
}
