import { useId, useRef, useState } from "react"
import { shownBalance, shownFrozen } from "../account/format"
import { AppKitImage } from "../image/Image"

/** One token the user can pick, with what they hold of it (the Tokens tab's figure). */
export interface TokenChoice {
  /** Unique in the list: the CAIP-10 address, or `native:SYMBOL` for the network's coin. */
  readonly key: string
  readonly symbol: string
  readonly name?: string | undefined
  /** Decimal amount held. */
  readonly balance: string
  /** The part of it frozen on chain, which a send cannot spend. */
  readonly frozen?: string | undefined
  readonly iconUrl?: string | undefined
}

/**
 * A token field: a button naming the chosen token and its balance, which opens the list of tokens (searchable by
 * symbol or name) with the balance of each. Picking closes the list. Used by the swap (from, to) and send views.
 */
export const TokenPicker = (props: {
  readonly label: string
  readonly choices: ReadonlyArray<TokenChoice>
  readonly selected: string | undefined
  readonly onSelect: (choice: TokenChoice) => void
  readonly disabled?: boolean | undefined
}) => {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState("")
  const listId = useId()
  const labelId = useId()
  const chosen = props.choices.find((choice) => choice.key === props.selected)
  const needle = search.trim().toLowerCase()
  const shown = props.choices.filter(
    (choice) =>
      needle === "" ||
      choice.symbol.toLowerCase().includes(needle) ||
      (choice.name ?? "").toLowerCase().includes(needle),
  )
  // The row picked goes with the list: focus goes back to the field's button, not to the page's body.
  const toggle = useRef<HTMLButtonElement>(null)
  const pick = (choice: TokenChoice) => {
    props.onSelect(choice)
    setOpen(false)
    setSearch("")
    toggle.current?.focus()
  }
  return (
    <div className="appkit-field">
      <span id={labelId}>{props.label}</span>
      <button
        ref={toggle}
        type="button"
        className="appkit-row"
        // Named by the field's label and what it shows ("From TKA Balance 10.000"), so the visible text is in the name.
        aria-labelledby={`${labelId} ${listId}-chosen`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={props.disabled === true || props.choices.length === 0}
        onClick={() => setOpen(!open)}
      >
        {chosen === undefined ? (
          <span className="appkit-row-main" id={`${listId}-chosen`}>
            Select a token
          </span>
        ) : (
          <>
            <AppKitImage src={chosen.iconUrl} alt={chosen.name ?? chosen.symbol} size={28} decorative />
            <span className="appkit-row-main" id={`${listId}-chosen`}>
              <span>{chosen.symbol}</span>
              <span className="appkit-muted">
                Balance {shownBalance(chosen.balance)}
                {shownFrozen(chosen.frozen)}
              </span>
            </span>
          </>
        )}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={listId} className="appkit-form">
          <input
            className="appkit-input"
            type="search"
            aria-label={`Search ${props.label.toLowerCase()} tokens`}
            placeholder="Search tokens"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ul className="appkit-list" aria-label={`${props.label} tokens`}>
            {shown.map((choice) => (
              <li key={choice.key}>
                <button
                  type="button"
                  className="appkit-row"
                  aria-current={choice.key === props.selected}
                  data-token={choice.symbol}
                  onClick={() => pick(choice)}
                >
                  <AppKitImage src={choice.iconUrl} alt={choice.name ?? choice.symbol} size={28} decorative />
                  <span className="appkit-row-main">
                    <span>{choice.symbol}</span>
                    <span className="appkit-muted">{choice.name ?? choice.symbol}</span>
                  </span>
                  <span>
                    {shownBalance(choice.balance)}
                    {shownFrozen(choice.frozen)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="appkit-muted">No token matches “{search}”</p>}
        </div>
      )}
    </div>
  )
}
