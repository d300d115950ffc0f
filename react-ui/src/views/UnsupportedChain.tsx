import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { DisconnectButton } from "../modal/parts"
import { NetworkPicker } from "./NetworkPicker"

/** §2 UnsupportedChain: the wallet sits on a network this dApp did not request; switch back or disconnect. */
export default function UnsupportedChain() {
  const appKit = useAppKitInstance()
  const current = useAppKitSelector((state) => state.network.caipNetwork)
  return (
    <div className="appkit-form">
      <p className="appkit-muted">
        {current.name === "Unknown Network" ? "This network" : current.name} ({current.caipNetworkId}) is not
        supported here. Switch to one of these networks:
      </p>
      <NetworkPicker label="Supported networks" afterSwitch={() => appKit.close({ force: true })} />
      <DisconnectButton />
    </div>
  )
}
