import { useAppKitInstance } from "../binding/context"
import { inBackground } from "../binding/inBackground"
import { useAppKitSelector } from "../binding/useAppKitSelector"
import { AppKitImage } from "../image/Image"
import { ScrollList } from "../modal/parts"
import { shownHolding, shownUsd } from "./format"

/** One empty list, so an account without tokens keeps the same selection. */
const noTokens: ReadonlyArray<never> = []

/** Why the balances could not be loaded (the core's §8 text), and a new try. */
const Unavailable = ({ message }: { readonly message: string }) => {
  const appKit = useAppKitInstance()
  return (
    <div className="appkit-center">
      <p className="appkit-error" role="alert">
        {message}
      </p>
      <button
        type="button"
        className="appkit-button"
        data-variant="secondary"
        onClick={() => inBackground(appKit.refreshBalance())}
      >
        Try again
      </button>
    </div>
  )
}

/**
 * The account's tokens as the core's data layer holds them (zero-decimal tokens already dropped, §5). A failed
 * load says so, over whatever is still shown: an empty list then is no proof of an empty account.
 */
export default function TokensTab() {
  const tokens = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalance ?? noTokens,
  )
  const failure = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalanceError,
  )
  if (tokens.length === 0)
    return failure === undefined ? (
      <p className="appkit-center appkit-muted">No tokens yet</p>
    ) : (
      <Unavailable message={failure} />
    )
  return (
    <>
      {failure !== undefined && <Unavailable message={failure} />}
      <ScrollList label="Tokens">
        {tokens.map((token) => (
          <li
            key={token.address ?? `native:${token.symbol}`}
            className="appkit-row"
            data-token={token.symbol}
          >
            <AppKitImage src={token.iconUrl} alt={token.name ?? token.symbol} size={36} decorative />
            <span className="appkit-row-main">
              <span>{token.name ?? token.symbol}</span>
              <span className="appkit-muted">{shownHolding(token.quantity, token.symbol)}</span>
            </span>
            <span>{shownUsd(token.value)}</span>
          </li>
        ))}
      </ScrollList>
    </>
  )
}
