import { useId } from "react"

/**
 * A decimal amount with a Max button that asks the form for the most it can take (disabled without `onMax`).
 * The amount stays text: the core parses and checks it (§5), never the view.
 */
export const AmountField = (props: {
  readonly value: string
  readonly onChange: (amount: string) => void
  readonly onMax: (() => void) | undefined
}) => {
  const id = useId()
  const { onMax } = props
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
          disabled={onMax === undefined}
          onClick={onMax}
        >
          Max
        </button>
      </span>
    </div>
  )
}
