import { useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { errorMessage } from "../modal/flow"
import { Row } from "../modal/parts"

/** The requested networks; picking one asks the core to switch (the wallet first, when connected). */
export default function Networks() {
  const appKit = useAppKitInstance()
  const networks = useAppKitSelector((state) => state.network.requestedCaipNetworks)
  const current = useAppKitSelector((state) => state.network.caipNetwork.caipNetworkId)
  const [error, setError] = useState<string | undefined>(undefined)
  const [switching, setSwitching] = useState<string | undefined>(undefined)
  const choose = async (caipNetworkId: string) => {
    setError(undefined)
    setSwitching(caipNetworkId)
    try {
      await appKit.switchNetwork(caipNetworkId)
      if (appKit.getState().router.view === "Networks") await appKit.goBack()
    } catch (cause) {
      setError(errorMessage(cause))
    } finally {
      setSwitching(undefined)
    }
  }
  return (
    <div className="appkit-form">
      <ul className="appkit-list" aria-label="Networks">
        {networks.map((network) => (
          <Row
            key={network.caipNetworkId}
            name={network.name}
            imageUrl={network.assets?.imageUrl}
            current={network.caipNetworkId === current}
            tag={
              switching === network.caipNetworkId
                ? "Switching…"
                : network.caipNetworkId === current
                  ? "Active"
                  : undefined
            }
            disabled={switching !== undefined}
            onClick={() => void choose(network.caipNetworkId)}
          />
        ))}
      </ul>
      {error !== undefined && (
        <p className="appkit-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
