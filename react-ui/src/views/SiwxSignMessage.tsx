import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { Notice } from "../modal/parts"

/**
 * §2 SIWXSignMessage (and ConnectingSiwe): asks the user to sign in with the connected wallet. Signing,
 * its errors and what cancel does (disconnect when sign-in is required, §4) are the core's.
 */
export default function SiwxSignMessage() {
  const appKit = useAppKitInstance()
  const siwx = useAppKitSelector((state) => state.siwx, shallowEqual)
  const wallet = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.connectedWalletInfo,
  )
  const signing = siwx.status === "signing"
  return (
    <Notice
      image={
        <AppKitImage src={wallet?.icon} alt={wallet?.name ?? "Wallet"} size={64} shape="square" decorative />
      }
      title="Sign in with your wallet"
      actions={
        <>
          <button
            type="button"
            className="appkit-button"
            data-variant="secondary"
            onClick={() => void appKit.cancelSignIn()}
          >
            Cancel
          </button>
          <button
            type="button"
            className="appkit-button"
            disabled={signing}
            onClick={() => void appKit.signIn().catch(() => undefined)}
          >
            {signing ? "Signing…" : "Sign in"}
          </button>
        </>
      }
    >
      <p className="appkit-muted">
        {signing
          ? `Sign the message in ${wallet?.name ?? "your wallet"}`
          : "Prove you own this wallet by signing a message. It costs nothing."}
      </p>
      {siwx.status === "error" && siwx.error !== undefined && (
        <p className="appkit-error" role="alert">
          {siwx.error}
        </p>
      )}
    </Notice>
  )
}
