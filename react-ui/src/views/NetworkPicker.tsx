import { isNetworkApproved } from "@appkit/core"
import { useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { errorMessage } from "../binding/errorMessage"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { Row } from "../modal/parts"

/**
 * The requested networks; picking one asks the core to switch (the wallet first, when connected), then runs
 * `afterSwitch`. A refusal shows its message under the list. A network the connected wallet did not approve
 * in its session (WalletConnect) is shown but cannot be picked, as in Reown AppKit.
 */
export const NetworkPicker = ({
  label,
  afterSwitch,
}: {
  readonly label: string
  readonly afterSwitch: () => Promise<unknown>
}) => {
  const appKit = useAppKitInstance()
  const networks = useAppKitSelector((state) => state.network.requestedCaipNetworks)
  const approved = useAppKitSelector((state) => state.network.approvedCaipNetworkIds)
  const current = useAppKitSelector((state) =>
    state.network.unsupportedChain ? undefined : state.network.caipNetwork.caipNetworkId,
  )
  const [error, setError] = useState<string | undefined>(undefined)
  const [switching, setSwitching] = useState<string | undefined>(undefined)
  const choose = async (caipNetworkId: string) => {
    setError(undefined)
    setSwitching(caipNetworkId)
    try {
      await appKit.switchNetwork(caipNetworkId)
      await afterSwitch()
    } catch (cause) {
      setError(errorMessage(cause))
    } finally {
      setSwitching(undefined)
    }
  }
  const tagOf = (caipNetworkId: string) =>
    switching === caipNetworkId
      ? "Switching…"
      : caipNetworkId === current
        ? "Active"
        : isNetworkApproved(approved, caipNetworkId)
          ? undefined
          : "Not in this wallet's session"
  return (
    <>
      <ul className="appkit-list" aria-label={label}>
        {networks.map((network) => (
          <Row
            key={network.caipNetworkId}
            name={network.name}
            imageUrl={network.assets?.imageUrl}
            current={network.caipNetworkId === current}
            tag={tagOf(network.caipNetworkId)}
            disabled={switching !== undefined || !isNetworkApproved(approved, network.caipNetworkId)}
            onClick={() => void choose(network.caipNetworkId)}
          />
        ))}
      </ul>
      {error !== undefined && (
        <p className="appkit-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
