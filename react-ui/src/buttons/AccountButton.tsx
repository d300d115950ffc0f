import { shortAddress } from "@appkit/core/validation"
import { useEffect } from "react"
import { shownBalance } from "../account/format"
import { activeAccount } from "../account/selectors"
import { useAppKitInstance } from "../binding/context"
import { inBackground } from "../binding/inBackground"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { ButtonRoot } from "./ButtonRoot"

export interface AccountButtonProps {
  /** Show the balance next to the account ("show" by default). */
  readonly balance?: "show" | "hide"
}

/** The connected account: avatar, balance and name (or short address). Opens the Account view. */
export const AccountButton = ({ balance = "show" }: AccountButtonProps) => {
  const appKit = useAppKitInstance("AccountButton")
  const account = useAppKitSelector(activeAccount, shallowEqual)
  const { caipAddress } = account
  const caipNetworkId = useAppKitSelector((state) => state.network.caipNetwork.caipNetworkId)
  // What the button shows is fetched when an account (or its network) appears; the core's caches make a
  // repeat free (§9: balances 30 s, names 5 min).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network is a new balance to fetch
  useEffect(() => {
    if (caipAddress === undefined) return
    inBackground(appKit.refreshBalance())
    inBackground(appKit.refreshIdentity())
  }, [appKit, caipAddress, caipNetworkId])
  if (account.address === undefined) return null
  const name = account.profileName ?? shortAddress(account.address)
  return (
    <ButtonRoot>
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
    </ButtonRoot>
  )
}
