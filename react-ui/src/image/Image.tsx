import { Timings } from "@appkit/core"
import { Duration } from "effect"
import { useEffect, useState } from "react"

const preloadTimeoutMs = Duration.toMillis(Timings.imagePreloadTimeout)

type Loading = "pending" | "loaded" | "failed"

/**
 * Loads `src` off-screen first; the image appears once it has loaded, and a placeholder (the name's initial)
 * stays when it fails or takes longer than §9's 2 s preload timeout, so a slow image host never leaves a
 * blank or broken icon.
 */
export const usePreloadedImage = (src: string | undefined): Loading => {
  const [state, setState] = useState<{ readonly src: string | undefined; readonly loading: Loading }>({
    src,
    loading: "pending",
  })
  useEffect(() => {
    if (src === undefined) return
    let settled = false
    const image = new Image()
    const settle = (loading: Loading) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      setState({ src, loading })
    }
    const timer = setTimeout(() => settle("failed"), preloadTimeoutMs)
    image.onload = () => settle("loaded")
    image.onerror = () => settle("failed")
    image.src = src
    return () => {
      settled = true
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
    }
  }, [src])
  if (src === undefined) return "failed"
  return state.src === src ? state.loading : "pending"
}

export interface AppKitImageProps {
  readonly src: string | undefined
  /** Names the image for screen readers, and gives the placeholder its initial. */
  readonly alt: string
  readonly size: number
  /** Round (avatars, tokens) or rounded square (wallets). */
  readonly shape?: "circle" | "square"
  /** Decorative images (next to a text that already names them) are hidden from screen readers. */
  readonly decorative?: boolean
}

/** Wallet, token, network and avatar images: one helper, one timeout, one placeholder. */
export const AppKitImage = ({ src, alt, size, shape = "circle", decorative = false }: AppKitImageProps) => {
  const loading = usePreloadedImage(src)
  const radius = shape === "circle" ? "50%" : `${Math.round(size / 4)}px`
  if (loading === "loaded" && src !== undefined)
    return (
      <img
        src={src}
        alt={decorative ? "" : alt}
        width={size}
        height={size}
        style={{ borderRadius: radius, objectFit: "cover", flex: "none" }}
      />
    )
  // The initial is drawn by CSS (data-initial), so it adds nothing to the text around the image.
  const placeholder = {
    className: "appkit-image-placeholder",
    "data-loading": loading,
    "data-initial": alt.trim().charAt(0).toUpperCase(),
    style: { width: size, height: size, borderRadius: radius, fontSize: Math.max(10, size * 0.4) },
  }
  return decorative ? (
    <span aria-hidden="true" {...placeholder} />
  ) : (
    <span role="img" aria-label={alt} {...placeholder} />
  )
}
