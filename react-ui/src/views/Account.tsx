import { ACCOUNT_TABS, type AccountTab } from "@appkit/core"
import { shortAddress } from "@appkit/core/validation"
import { Suspense, useEffect } from "react"
import { shownBalance } from "../account/format"
import { activeAccount } from "../account/selectors"
import { useAppKitInstance } from "../binding/context"
import { inBackground } from "../binding/inBackground"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { LazyEmbeddedEmailUpdate } from "../embedded/lazy"
import { WalletFeatureButtons } from "../features/WalletFeatureButtons"
import { AppKitImage } from "../image/Image"
import { DisconnectButton, Spinner } from "../modal/parts"
import { type PreloadableView, preloadableView } from "../modal/preloadableView"

// Each a chunk of its own, fetched again when tried again after a failed download.
const tabPanels: Readonly<Record<AccountTab, PreloadableView>> = {
  Tokens: preloadableView(() => import("../account/TokensTab")),
  NFTs: preloadableView(() => import("../account/NftsTab")),
  Activity: preloadableView(() => import("../account/ActivityTab")),
}

const Tabs = () => {
  const appKit = useAppKitInstance()
  const current = useAppKitSelector((state) => state.account.currentTab)
  const Panel = tabPanels[current]
  return (
    <>
      <div className="appkit-tabs" role="tablist" aria-label="Account">
        {ACCOUNT_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`appkit-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls="appkit-tab-panel"
            onClick={() => void appKit.setAccountTab(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="appkit-tab-panel" aria-labelledby={`appkit-tab-${current}`}>
        <Suspense fallback={<Spinner label={`Loading ${current}`} />}>
          <Panel />
        </Suspense>
      </div>
    </>
  )
}

/** §2 Account: who is connected, the balance, the wallet actions, and the Tokens / NFTs / Activity tabs. */
export default function Account() {
  const appKit = useAppKitInstance()
  const namespace = useAppKitSelector((state) => state.network.activeNamespace)
  const network = useAppKitSelector((state) => state.network.caipNetwork)
  const account = useAppKitSelector(activeAccount, shallowEqual)
  const embeddedEmail = useAppKitSelector((state) => state.account.byNamespace.eip155?.user?.email)
  // Balances and the profile are fetched when the account shows (the core's caches answer a quick return).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch per account and network
  useEffect(() => {
    if (account.caipAddress === undefined) return
    inBackground(appKit.refreshBalance())
    inBackground(appKit.refreshIdentity())
  }, [appKit, account.caipAddress, network.caipNetworkId])
  if (account.address === undefined) return <Spinner label="Loading the account" />
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(account.address ?? "")
      await appKit.showToast({ message: "Address copied", variant: "success" })
    } catch {
      await appKit.showToast({ message: "Could not copy the address", variant: "error" })
    }
  }
  const label = account.profileName ?? shortAddress(account.address)
  return (
    <div>
      <div className="appkit-center">
        <AppKitImage src={account.profileImage} alt={label} size={64} />
        <p style={{ margin: 0, fontWeight: 600 }} title={account.address} data-testid="account-name">
          {label}
        </p>
        <p className="appkit-balance" data-testid="account-balance">
          {account.balance === undefined ? "…" : `${shownBalance(account.balance)} ${account.symbol ?? ""}`}
        </p>
        <div className="appkit-actions">
          <button
            type="button"
            className="appkit-button"
            data-variant="secondary"
            onClick={() => void copy()}
          >
            Copy address
          </button>
          <button
            type="button"
            className="appkit-button"
            data-variant="secondary"
            onClick={() => void appKit.push("Networks")}
          >
            {network.name}
          </button>
        </div>
        <div className="appkit-actions" style={{ width: "100%" }}>
          <WalletFeatureButtons />
          {namespace === "eip155" && account.profileName === undefined && (
            <button
              type="button"
              className="appkit-button"
              data-variant="secondary"
              onClick={() => void appKit.push("RegisterAccountName")}
            >
              Get a name
            </button>
          )}
          <DisconnectButton />
        </div>
        {embeddedEmail !== undefined && (
          <details style={{ width: "100%" }}>
            <summary data-testid="embedded-email">{embeddedEmail}</summary>
            <LazyEmbeddedEmailUpdate />
          </details>
        )}
      </div>
      <Tabs />
    </div>
  )
}
