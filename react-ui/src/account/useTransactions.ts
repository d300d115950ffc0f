import { useEffect } from "react"
import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"

/**
 * The core's activity list. Its first page is fetched when the tab shows an account whose list was never
 * loaded (only this app's own sends, if any, are in it); `more` fetches the next page by cursor.
 */
export const useTransactions = () => {
  const appKit = useAppKitInstance()
  const list = useAppKitSelector((state) => state.transactions, shallowEqual)
  const caipAddress = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.caipAddress,
  )
  const neverLoaded = !list.loading && !list.empty && list.next === undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per account shown
  useEffect(() => {
    if (caipAddress !== undefined && neverLoaded) void appKit.fetchTransactions()
  }, [appKit, caipAddress])
  return { ...list, more: () => void appKit.fetchTransactions() }
}
