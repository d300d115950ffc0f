import { useEffect } from "react"
import { shortAddress, shownBalance } from "../account/format"
import { useAppKitContext } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { Style } from "../theme/Style"
import { baseCss, themeAttributes } from "../theme/theme"

export interface AccountButtonProps {
  /** Show the balance next to the account ("show" by default). */
  readonly balance?: "show" | "hide"
}

/** The connected account: avatar, balance and name (or short address). Opens the Account view. */
export const AccountButton = ({ balance = "show" }: AccountButtonProps) => {
  const { appKit, theme } = useAppKitContext("AccountButton")
  const account = useAppKitSelector((state) => {
    const current = state.account.byNamespace[state.network.activeNamespace]
    return {
      address: current?.address,
      profileName: current?.profileName,
      profileImage: current?.profileImage,
      balance: current?.balance,
      symbol: current?.balanceSymbol,
    }
  }, shallowEqual)
  const caipAddress = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.caipAddress,
  )
  const caipNetworkId = useAppKitSelector((state) => state.network.caipNetwork.caipNetworkId)
  // What the button shows is fetched when an account (or its network) appears; the core's caches make a
  // repeat free (§9: balances 30 s, names 5 min).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network is a new balance to fetch
  useEffect(() => {
    if (caipAddress === undefined) return
    void appKit.refreshBalance()
    void appKit.refreshIdentity()
  }, [appKit, caipAddress, caipNetworkId])
  if (account.address === undefined) return null
  const name = account.profileName ?? shortAddress(account.address)
  return (
    <span className="appkit-root" {...themeAttributes(theme)}>
      <Style id="base" css={baseCss} />
      <button
        type="button"
        className="appkit-button"
        data-variant="secondary"
        data-appkit-button="account"
        title={account.address}
        onClick={() => void appKit.open()}
      >
        <AppKitImage src={account.profileImage} alt={name} size={24} decorative />
        {balance === "show" && account.balance !== undefined && (
          <span>
            {shownBalance(account.balance)} {account.symbol}
          </span>
        )}
        <span>{name}</span>
      </button>
    </span>
  )
}
