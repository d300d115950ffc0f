import { useAppKitInstance } from "../binding/context"
import { NetworkPicker } from "./NetworkPicker"

/** The network list: a switch, then back to where the user came from. */
export default function Networks() {
  const appKit = useAppKitInstance()
  return (
    <div className="appkit-form">
      <NetworkPicker
        label="Networks"
        afterSwitch={async () => {
          if (appKit.getState().router.view === "Networks") await appKit.goBack()
        }}
      />
    </div>
  )
}
