import { useId } from "react"

/**
 * A decimal amount with a Max button that fills in `max` (the chosen token's balance; disabled without one).
 * The amount stays text: the core parses and checks it (§5), never the view.
 */
export const AmountField = (props: {
  readonly value: string
  readonly onChange: (amount: string) => void
  readonly max: string | undefined
}) => {
  const id = useId()
  const { max } = props
  return (
    <div className="appkit-field">
      <label htmlFor={id}>Amount</label>
      <span style={{ display: "flex", gap: 8 }}>
        <input
          id={id}
          className="appkit-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button
          type="button"
          className="appkit-button"
          data-variant="secondary"
          disabled={max === undefined}
          onClick={() => max !== undefined && props.onChange(max)}
        >
          Max
        </button>
      </span>
    </div>
  )
}
