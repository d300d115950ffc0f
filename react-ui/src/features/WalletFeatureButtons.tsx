import { type View, type WalletFeature, walletFeatures } from "@appkit/core"
import { useAppKitInstance } from "../binding/context"
import { useAppKitSelector } from "../binding/useAppKitSelector"

const featureViews: Readonly<Record<WalletFeature, { readonly view: View; readonly label: string }>> = {
  onramp: { view: "OnRamp", label: "Buy" },
  swaps: { view: "Swap", label: "Swap" },
  receive: { view: "WalletReceive", label: "Receive" },
  send: { view: "WalletSend", label: "Send" },
}

/** The Account view's wallet actions: the core's walletFeatures (§9 order, options, the network's support). */
export const WalletFeatureButtons = () => {
  const appKit = useAppKitInstance()
  const features = useAppKitSelector((state) => state.options.features)
  const namespace = useAppKitSelector((state) => state.network.activeNamespace)
  const caipNetworkId = useAppKitSelector((state) => state.network.caipNetwork.caipNetworkId)
  return (
    <>
      {walletFeatures({ features, namespace, caipNetworkId }).map((feature) => (
        <button
          key={feature}
          type="button"
          className="appkit-button"
          onClick={() => void appKit.push(featureViews[feature].view)}
        >
          {featureViews[feature].label}
        </button>
      ))}
    </>
  )
}
