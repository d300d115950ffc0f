import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { ButtonRoot } from "./ButtonRoot"

/** The active network; opens the network list. */
export const NetworkButton = () => {
  const appKit = useAppKitInstance("NetworkButton")
  const network = useAppKitSelector((state) => state.network.caipNetwork)
  const unsupported = useAppKitSelector((state) => state.network.unsupportedChain)
  return (
    <ButtonRoot>
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
    </ButtonRoot>
  )
}
