import { useEffect, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { inBackground } from "../binding/inBackground"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { Notice } from "../modal/parts"
import { Pairing } from "./pairing/Pairing"

/**
 * §2 ConnectingWalletConnectBasic: the modal's first view when the dApp has no chain adapters — the pairing
 * QR code straight away, and the directory for picking a wallet by name.
 */
export default function ConnectingWalletConnectBasic() {
  const appKit = useAppKitInstance()
  const walletConnect = useAppKitSelector((state) =>
    state.connectors.connectors.find((connector) => connector.type === "WALLET_CONNECT"),
  )
  const [attempt, setAttempt] = useState(0)
  const [outcome, setOutcome] = useState<{ readonly pending: boolean; readonly error: unknown }>({
    pending: true,
    error: undefined,
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt asks for a fresh pairing
  useEffect(() => {
    if (walletConnect === undefined) return
    let current = true
    setOutcome({ pending: true, error: undefined })
    // A failed connect is shown; closing fails only on a disposed instance, with nobody left to tell.
    inBackground(
      appKit.connect(walletConnect.id).then(
        async () => {
          const { modal, router } = appKit.getState()
          if (current && modal.open && router.view === "ConnectingWalletConnectBasic") await appKit.close()
        },
        (error: unknown) => current && setOutcome({ pending: false, error }),
      ),
    )
    return () => {
      current = false
    }
  }, [walletConnect?.id, attempt])
  if (walletConnect === undefined)
    return (
      <Notice title="WalletConnect is not set up">
        <p className="appkit-muted">This dApp offers no way to pair a wallet.</p>
      </Notice>
    )
  return (
    <div className="appkit-form">
      <Pairing
        walletName={undefined}
        walletImageUrl={undefined}
        error={outcome.error}
        pending={outcome.pending}
        retry={() => setAttempt((n) => n + 1)}
      />
      <button
        type="button"
        className="appkit-button"
        data-variant="secondary"
        onClick={() => void appKit.push("AllWallets")}
      >
        Search wallets
      </button>
    </div>
  )
}
