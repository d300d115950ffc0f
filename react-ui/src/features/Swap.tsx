import {
  formatPriceImpact,
  Limits,
  type SwapInProgressError,
  type SwapQuote,
  type SwapState,
  type SwapTokenChoice,
} from "@appkit/core"
import { formatUnits, shortAddress } from "@appkit/core/validation"
import { Result } from "effect"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { errorMessage } from "../binding/errorMessage"
import { shallowEqual, useAppKitSelector } from "../binding/useAppKitSelector"
import { Notice } from "../modal/parts"
import { AmountField } from "./AmountField"
import { type TokenChoice, TokenPicker } from "./TokenPicker"

const amountOf = (units: bigint, decimals: number) =>
  Result.getOrElse(formatUnits(units, decimals), () => units.toString())

/** What the user is waiting for at each step of the core's swap flow. */
const stepText: Partial<Record<SwapState["status"], string>> = {
  quoting: "Fetching a quote…",
  executing: "Preparing the swap…",
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
    <dt>You receive (at most {Limits.swapSlippagePercent} % less)</dt>
    <dd data-testid="swap-receive">
      {amountOf(quote.toAmountUnits, quote.to.decimals)} {quote.to.symbol}
    </dd>
    <dt>Price impact</dt>
    <dd data-testid="swap-price-impact">
      {quote.priceImpact === undefined ? "Unknown (no market price)" : formatPriceImpact(quote.priceImpact)}
    </dd>
    <dt>Network fee</dt>
    <dd data-testid="swap-network-fee">{amountOf(BigInt(quote.gasPrice.standard), 9)} gwei per gas</dd>
  </dl>
)

/**
 * A second press before the state shows the first's execution (a double click) is refused by the core: the swap
 * under way goes on, its steps showing, so that refusal is no failure to show.
 */
const unlessUnderWay = (error: unknown) => {
  // (the tag typed by its class: a rename in the core no longer compiles here)
  const underWay: SwapInProgressError["_tag"] = "SwapInProgressError"
  if ((error as { readonly _tag?: unknown } | undefined)?._tag !== underWay) throw error
}

/** A swap token as the picker lists it: keyed by its CAIP-10 address, which the core's quote accepts. */
const choiceOf = ({ token, balance }: SwapTokenChoice): TokenChoice => ({
  key: token.address,
  symbol: token.symbol,
  name: token.name,
  balance,
  iconUrl: token.logoUri === "" ? undefined : token.logoUri,
})

/**
 * Swap (§1: the 12 swap networks, provider 1inch): from/to pickers over the network's swap list with the
 * account's balance of each, the amount (max: the core's swapMax, leaving the native coin's fee), a quote with its price impact and fee, then the
 * core's flow (approve when needed, swap, receipts, balances). Every message shown is the core's (§8 included).
 */
export default function Swap() {
  const appKit = useAppKitInstance()
  const swap = useAppKitSelector((state) => state.swap, shallowEqual)
  const balances = useAppKitSelector(
    (state) => state.account.byNamespace[state.network.activeNamespace]?.tokenBalance,
  )
  const network = useAppKitSelector((state) => state.network.caipNetwork.caipNetworkId)
  const [choices, setChoices] = useState<ReadonlyArray<TokenChoice>>([])
  const [from, setFrom] = useState<string | undefined>(undefined)
  const [to, setTo] = useState<string | undefined>(undefined)
  const [amount, setAmount] = useState("")
  const [failure, setFailure] = useState<string | undefined>(undefined)
  // The token list's failure, until a later load of it succeeds.
  const [listFailure, setListFailure] = useState<string | undefined>(undefined)
  const [quotedFor, setQuotedFor] = useState<string | undefined>(undefined)
  const busy = stepText[swap.status] !== undefined
  // The token on show now, for an answer that arrives after the user picked another.
  const fromNow = useRef(from)
  fromNow.current = from

  // The list with the balances, again whenever the balances change (after a swap, both tokens moved) or the
  // network does (the wallet switched): a token picked from another network's list is picked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded on every new balance list and network
  useEffect(() => {
    let current = true
    appKit.swapTokens().then(
      (list) => {
        if (!current) return
        setListFailure(undefined)
        const next = list.map(choiceOf)
        const listed = (key: string | undefined) => next.some((choice) => choice.key === key)
        setChoices(next)
        if (listed(from) && listed(to)) return
        const first = next[0]?.key
        setFrom(first)
        setTo(next.find((choice) => choice.key !== first)?.key)
      },
      (error: unknown) => current && setListFailure(errorMessage(error)),
    )
    return () => {
      current = false
    }
  }, [appKit, balances, network])

  const run = async (action: () => Promise<unknown>) => {
    setFailure(undefined)
    try {
      await action()
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }
  // The quote on show is for the inputs it was asked with: once they change, swapping waits for a new one, so
  // the user never executes a quote for a pair or amount they no longer see.
  const inputs = JSON.stringify([from, to, amount])
  const quote = (event?: FormEvent) => {
    event?.preventDefault()
    return run(async () => {
      await appKit.quoteSwap({ from: from ?? "", to: to ?? "", amount })
      setQuotedFor(inputs)
    })
  }
  const stale = swap.status === "quoted" && quotedFor !== inputs
  /** Picking a token the other side holds swaps the two, as every swap form does. */
  const pick = (side: "from" | "to", key: string) => {
    const [mine, other, setMine, setOther] =
      side === "from" ? [from, to, setFrom, setTo] : [to, from, setTo, setFrom]
    if (key === other) setOther(mine)
    setMine(key)
  }

  // The core clears a finished swap when the view is entered again: its confirmation is this visit's.
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

  const fromChoice = choices.find((choice) => choice.key === from)
  return (
    <form className="appkit-form" onSubmit={(event) => void quote(event)}>
      <TokenPicker
        label="From"
        choices={choices}
        selected={from}
        disabled={busy}
        onSelect={(choice) => pick("from", choice.key)}
      />
      <AmountField
        value={amount}
        onChange={setAmount}
        onMax={
          fromChoice === undefined
            ? undefined
            : () =>
                void run(async () => {
                  // The core's Max: the native coin's balance less the swap's fee (0 when it is not covered).
                  const max = await appKit.swapMax({ from: fromChoice.key, to: to ?? "" }).then(
                    (amount) => ({ amount, error: undefined }),
                    (error: unknown) => ({ amount: "0", error }),
                  )
                  // Only into the form it was asked for, as the send form's Max: another token picked while the
                  // fee was read keeps its amount.
                  if (fromNow.current !== fromChoice.key) return
                  setAmount(max.amount)
                  if (max.error !== undefined) throw max.error
                })
        }
      />
      <TokenPicker
        label="To"
        choices={choices}
        selected={to}
        disabled={busy}
        onSelect={(choice) => pick("to", choice.key)}
      />
      {swap.quote !== undefined && swap.status !== "error" && <QuoteSummary quote={swap.quote} />}
      <p className="appkit-muted" aria-live="polite" data-testid="swap-status">
        {stepText[swap.status] ??
          (stale
            ? "The amount or tokens changed: refresh the quote"
            : swap.status === "quoted"
              ? "Quote ready"
              : "")}
      </p>
      {(failure ?? listFailure ?? swap.error) !== undefined && (
        <p className="appkit-error" role="alert">
          {failure ?? listFailure ?? swap.error}
        </p>
      )}
      <div className="appkit-actions">
        <button type="submit" className="appkit-button" data-variant="secondary" disabled={busy}>
          {swap.quote === undefined ? "Get quote" : "Refresh quote"}
        </button>
        <button
          type="button"
          className="appkit-button"
          disabled={busy || stale || swap.status !== "quoted"}
          onClick={() => void run(() => appKit.executeSwap().catch(unlessUnderWay))}
        >
          Swap
        </button>
      </div>
    </form>
  )
}
