import type { SwapQuote, SwapState } from "@appkit/core"
import { formatUnits } from "@appkit/core/validation"
import { Result } from "effect"
import { type FormEvent, useId, useState } from "react"
import { shortAddress, shownBalance } from "../account/format"
import { useAppKitInstance } from "../binding/context"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { errorMessage } from "../modal/flow"
import { Notice } from "../modal/parts"

const noTokens: ReadonlyArray<never> = []

const amountOf = (units: bigint, decimals: number) =>
  Result.getOrElse(formatUnits(units, decimals), () => units.toString())

/** What the user is waiting for at each step of the core's swap flow. */
const stepText: Partial<Record<SwapState["status"], string>> = {
  quoting: "Fetching a quote…",
  allowance: "Checking the allowance…",
  approve: "Approve the token in your wallet…",
  swap: "Confirm the swap in your wallet…",
}

const QuoteSummary = ({ quote }: { readonly quote: SwapQuote }) => (
  <dl data-testid="swap-quote" style={{ margin: 0 }}>
    <dt>You pay</dt>
    <dd data-testid="swap-pay">
      {amountOf(quote.fromAmountUnits, quote.from.decimals)} {quote.from.symbol}
    </dd>
    <dt>You receive (at most 1 % less)</dt>
    <dd data-testid="swap-receive">
      {amountOf(quote.toAmountUnits, quote.to.decimals)} {quote.to.symbol}
    </dd>
    <dt>Network fee</dt>
    <dd>{amountOf(BigInt(quote.gasPrice.standard), 9)} gwei per gas</dd>
  </dl>
)

/**
 * Swap (§1: the 12 swap networks, provider 1inch): the tokens and amount, a quote from the core, then the core's
 * flow (approve when needed, swap, receipts, balances). Every message shown is the core's (§8 texts included).
 */
export default function Swap() {
  const appKit = useAppKitInstance()
  const swap = useAppKitSelector((state) => state.swap, shallowEqual)
  const tokens = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalance ?? noTokens,
  )
  const [from, setFrom] = useState(tokens[0]?.symbol ?? "")
  const [to, setTo] = useState(tokens.find((token) => token.symbol !== from)?.symbol ?? "")
  const [amount, setAmount] = useState("")
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const listId = useId()
  const busy = stepText[swap.status] !== undefined

  const run = async (action: () => Promise<unknown>) => {
    setFailure(undefined)
    try {
      await action()
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }
  const quote = (event?: FormEvent) => {
    event?.preventDefault()
    return run(() => appKit.quoteSwap({ from, to, amount }))
  }

  if (swap.status === "swapped" && swap.outcome !== undefined && swap.quote !== undefined)
    return (
      <Notice
        title="Swap confirmed"
        actions={
          <button type="button" className="appkit-button" onClick={() => void appKit.goBack()}>
            Done
          </button>
        }
      >
        <QuoteSummary quote={swap.quote} />
        <p className="appkit-success" data-hash={swap.outcome.swapHash}>
          {shortAddress(swap.outcome.swapHash)}
        </p>
      </Notice>
    )

  const fromToken = tokens.find((token) => token.symbol === from)
  return (
    <form className="appkit-form" onSubmit={(event) => void quote(event)}>
      <datalist id={listId}>
        {tokens.map((token) => (
          <option key={token.symbol} value={token.symbol} />
        ))}
      </datalist>
      <label className="appkit-field">
        <span>From</span>
        <select className="appkit-input" value={from} onChange={(event) => setFrom(event.target.value)}>
          {tokens.map((token) => (
            <option key={token.symbol} value={token.symbol}>
              {token.symbol} · {shownBalance(token.quantity.numeric)}
            </option>
          ))}
        </select>
      </label>
      <label className="appkit-field">
        <span>Amount</span>
        <span style={{ display: "flex", gap: 8 }}>
          <input
            className="appkit-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <button
            type="button"
            className="appkit-button"
            data-variant="secondary"
            disabled={fromToken === undefined}
            onClick={() => fromToken && setAmount(fromToken.quantity.numeric)}
          >
            Max
          </button>
        </span>
      </label>
      <label className="appkit-field">
        <span>To</span>
        <input
          className="appkit-input"
          list={listId}
          autoComplete="off"
          placeholder="Token symbol or address"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </label>
      {swap.quote !== undefined && swap.status !== "error" && <QuoteSummary quote={swap.quote} />}
      <p className="appkit-muted" aria-live="polite" data-testid="swap-status">
        {stepText[swap.status] ?? (swap.status === "quoted" ? "Quote ready" : "")}
      </p>
      {(failure ?? swap.error) !== undefined && (
        <p className="appkit-error" role="alert">
          {failure ?? swap.error}
        </p>
      )}
      <div className="appkit-actions">
        <button type="submit" className="appkit-button" data-variant="secondary" disabled={busy}>
          {swap.quote === undefined ? "Get quote" : "Refresh quote"}
        </button>
        <button
          type="button"
          className="appkit-button"
          disabled={busy || swap.status !== "quoted"}
          onClick={() => void run(() => appKit.executeSwap())}
        >
          Swap
        </button>
      </div>
    </form>
  )
}
