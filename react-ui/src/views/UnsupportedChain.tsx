import { useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { errorMessage } from "../modal/flow"
import { Row } from "../modal/parts"

/** §2 UnsupportedChain: the wallet sits on a network this dApp did not request; switch back or disconnect. */
export default function UnsupportedChain() {
  const appKit = useAppKitInstance()
  const networks = useAppKitSelector((state) => state.network.requestedCaipNetworks)
  const current = useAppKitSelector((state) => state.network.caipNetwork)
  const [error, setError] = useState<string | undefined>(undefined)
  const switchTo = async (caipNetworkId: string) => {
    setError(undefined)
    try {
      await appKit.switchNetwork(caipNetworkId)
      await appKit.close({ force: true })
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }
  return (
    <div className="appkit-form">
      <p className="appkit-muted">
        {current.name === "Unknown Network" ? "This network" : current.name} ({current.caipNetworkId}) is not
        supported here. Switch to one of these networks:
      </p>
      <ul className="appkit-list" aria-label="Supported networks">
        {networks.map((network) => (
          <Row
            key={network.caipNetworkId}
            name={network.name}
            imageUrl={network.assets?.imageUrl}
            onClick={() => void switchTo(network.caipNetworkId)}
          />
        ))}
      </ul>
      {error !== undefined && (
        <p className="appkit-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="appkit-button"
        data-variant="secondary"
        onClick={() => void appKit.disconnect().catch(() => undefined)}
      >
        Disconnect
      </button>
    </div>
  )
}
