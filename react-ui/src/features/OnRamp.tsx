import { type OnrampProvider, onrampFeeLabel, onrampProvidersOf, type PreparedOnramp } from "@appkit/core"
import { type FormEvent, useState } from "react"
import { useAppKitInstance } from "../binding/context"
import { errorMessage } from "../binding/errorMessage"
import { useAppKitSelector } from "../binding/useAppKitSelector"

type Step =
  | { readonly _tag: "Form" }
  | { readonly _tag: "Preparing" }
  | { readonly _tag: "Opened"; readonly prepared: PreparedOnramp; readonly blocked: boolean }
  | { readonly _tag: "Failed"; readonly message: string }

const providerNames: Readonly<Record<OnrampProvider, string>> = { coinbase: "Coinbase", meld: "Meld" }

const money = (value: { readonly amount: string; readonly currency: string }) =>
  `${value.amount} ${value.currency}`

/**
 * Buy crypto with fiat (§1): amount, currency and the provider (coinbase, and meld when the app configures
 * it), each with its fee range; the core checks the region, the limits, quotes (or labels its mocked quote)
 * and builds the chosen provider's URL, opened in a new window. A blocked popup leaves a link instead.
 */
export default function OnRamp() {
  const appKit = useAppKitInstance()
  const onramp = useAppKitSelector((state) => state.options.onramp)
  const providers = onrampProvidersOf(onramp)
  const [amount, setAmount] = useState("50")
  const [purchase, setPurchase] = useState("USDC")
  const [provider, setProvider] = useState<OnrampProvider>("coinbase")
  const [step, setStep] = useState<Step>({ _tag: "Form" })

  const buy = async (event: FormEvent) => {
    event.preventDefault()
    setStep({ _tag: "Preparing" })
    try {
      const prepared = await appKit.prepareOnramp({ amount, purchase, provider })
      // Opened without the "noopener" feature (which makes window.open answer null, hiding a blocked popup),
      // then cut off: the provider's page must not reach back into the app through window.opener.
      const opened = window.open(prepared.url, "_blank")
      if (opened !== null) opened.opener = null
      setStep({ _tag: "Opened", prepared, blocked: opened === null })
    } catch (error) {
      setStep({ _tag: "Failed", message: errorMessage(error) })
    }
  }

  if (step._tag === "Opened") {
    const { prepared, blocked } = step
    return (
      <div className="appkit-center" data-testid="onramp-opened">
        <dl style={{ margin: 0 }}>
          <dt>Provider</dt>
          <dd data-testid="onramp-provider">{providerNames[prepared.provider]}</dd>
          <dt>You pay</dt>
          <dd>{money(prepared.quote.paymentTotal)}</dd>
          <dt>You receive</dt>
          <dd>
            {money(prepared.quote.purchaseAmount)} on {prepared.network}
          </dd>
          <dt>Provider fees</dt>
          <dd>
            {prepared.feeRange.min}–{prepared.feeRange.max} {prepared.quote.paymentTotal.currency} (
            {onrampFeeLabel})
          </dd>
        </dl>
        {prepared.mockedQuote && (
          <p className="appkit-muted" data-testid="onramp-mocked">
            Estimated: the quote service is unavailable, fees are not included.
          </p>
        )}
        <p>
          {blocked ? "Your browser blocked the new window:" : "The provider's page opened in a new window."}
        </p>
        <a href={prepared.url} target="_blank" rel="noopener noreferrer" data-testid="onramp-link">
          Open the provider's page
        </a>
      </div>
    )
  }

  return (
    <form className="appkit-form" onSubmit={(event) => void buy(event)}>
      <label className="appkit-field">
        <span>Amount (USD)</span>
        <input
          className="appkit-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className="appkit-field">
        <span>Buy</span>
        <input
          className="appkit-input"
          autoComplete="off"
          value={purchase}
          onChange={(event) => setPurchase(event.target.value)}
        />
      </label>
      <fieldset className="appkit-field" style={{ border: 0, margin: 0, padding: 0 }}>
        <legend>Provider</legend>
        {providers.map((choice) => (
          <label key={choice} className="appkit-row">
            <input
              type="radio"
              name="onramp-provider"
              value={choice}
              checked={provider === choice}
              onChange={() => setProvider(choice)}
            />
            <span className="appkit-row-main">{providerNames[choice]}</span>
            <span className="appkit-muted">fee {onrampFeeLabel}</span>
          </label>
        ))}
      </fieldset>
      {step._tag === "Failed" && (
        <p className="appkit-error" role="alert">
          {step.message}
        </p>
      )}
      <button type="submit" className="appkit-button" disabled={step._tag === "Preparing"}>
        {step._tag === "Preparing" ? "Preparing…" : "Buy"}
      </button>
    </form>
  )
}
