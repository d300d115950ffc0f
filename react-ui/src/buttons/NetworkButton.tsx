import { useAppKitContext } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { Style } from "../theme/Style"
import { baseCss, themeAttributes } from "../theme/theme"

/** The active network; opens the network list. */
export const NetworkButton = () => {
  const { appKit, theme } = useAppKitContext("NetworkButton")
  const network = useAppKitSelector((state) => state.network.caipNetwork)
  const unsupported = useAppKitSelector((state) => state.network.unsupportedChain)
  return (
    <span className="appkit-root" {...themeAttributes(theme)}>
      <Style id="base" css={baseCss} />
      <button
        type="button"
        className="appkit-button"
        data-variant="secondary"
        data-appkit-button="network"
        title={unsupported ? `${network.name} is not supported here` : network.caipNetworkId}
        onClick={() => void appKit.open({ view: unsupported ? "UnsupportedChain" : "Networks" })}
      >
        <AppKitImage src={network.assets?.imageUrl} alt={network.name} size={24} decorative />
        <span>{network.name}</span>
      </button>
    </span>
  )
}
