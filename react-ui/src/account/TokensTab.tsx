import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { ScrollList } from "../modal/parts"
import { shownBalance, shownUsd } from "./format"

/** One empty list, so an account without tokens keeps the same selection. */
const noTokens: ReadonlyArray<never> = []

/** The account's tokens as the core's data layer holds them (zero-decimal tokens already dropped, §5). */
export default function TokensTab() {
  const tokens = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalance ?? noTokens,
  )
  if (tokens.length === 0) return <p className="appkit-center appkit-muted">No tokens yet</p>
  return (
    <ScrollList label="Tokens">
      {tokens.map((token) => (
        <li key={token.address ?? `native:${token.symbol}`} className="appkit-row" data-token={token.symbol}>
          <AppKitImage src={token.iconUrl} alt={token.name ?? token.symbol} size={36} decorative />
          <span className="appkit-row-main">
            <span>{token.name ?? token.symbol}</span>
            <span className="appkit-muted">
              {shownBalance(token.quantity.numeric)} {token.symbol}
            </span>
          </span>
          <span>{shownUsd(token.value)}</span>
        </li>
      ))}
    </ScrollList>
  )
}
