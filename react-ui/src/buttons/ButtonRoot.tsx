import type { ReactNode } from "react"
import { useAppKitContext } from "../binding/context"
import { Style } from "../theme/Style"
import { baseCss, themeAttributes } from "../theme/theme"

/** What every button stands in: the skin's root (theme mode and variables) and its base stylesheet. */
export const ButtonRoot = ({ children }: { readonly children: ReactNode }) => {
  const { theme } = useAppKitContext("AppKit buttons")
  return (
    <span className="appkit-root" {...themeAttributes(theme)}>
      <Style id="base" css={baseCss} />
      {children}
    </span>
  )
}
