// @vitest-environment happy-dom
import { act, useState } from "react"
import { createRoot } from "react-dom/client"
import { describe, expect, it } from "vitest"
import { type TokenChoice, TokenPicker } from "./TokenPicker"

const choices: ReadonlyArray<TokenChoice> = [
  { key: "native:ETH", symbol: "ETH", name: "Ether", balance: "1.5" },
  { key: "eip155:1:0xa0b8", symbol: "USDC", name: "USD Coin", balance: "20" },
  { key: "solana:5eyk:Tkn", symbol: "TKN", name: "Token", balance: "8", frozen: "3" },
]

const Field = () => {
  const [selected, setSelected] = useState("native:ETH")
  return (
    <TokenPicker label="Token" choices={choices} selected={selected} onSelect={(c) => setSelected(c.key)} />
  )
}

describe("the token picker", () => {
  it("gives focus back to its button once a token is picked, so a keyboard goes on from the field", async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const container = document.createElement("div")
    document.body.append(container)
    const root = createRoot(container)
    await act(async () => root.render(<Field />))
    const toggle = container.querySelector<HTMLButtonElement>("button[aria-expanded]")
    await act(async () => toggle?.click())
    const row = container.querySelector<HTMLButtonElement>('button[data-token="USDC"]')
    row?.focus()
    expect(document.activeElement).toBe(row)
    await act(async () => row?.click())
    expect(container.querySelector('button[data-token="USDC"]')).toBeNull()
    expect(document.activeElement).toBe(toggle)
    expect(toggle?.textContent).toContain("USDC")
    act(() => root.unmount())
    container.remove()
  })

  it("shows the frozen part of a balance, in the field and in the list, so Max below the balance is explained", async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const container = document.createElement("div")
    document.body.append(container)
    const root = createRoot(container)
    await act(async () =>
      root.render(
        <TokenPicker label="Token" choices={choices} selected="solana:5eyk:Tkn" onSelect={() => {}} />,
      ),
    )
    const toggle = container.querySelector<HTMLButtonElement>("button[aria-expanded]")
    expect(toggle?.textContent).toContain("Balance 8.000 · 3.000 frozen")
    await act(async () => toggle?.click())
    expect(container.querySelector('button[data-token="TKN"]')?.textContent).toContain("8.000 · 3.000 frozen")
    expect(container.querySelector('button[data-token="USDC"]')?.textContent).not.toContain("frozen")
    act(() => root.unmount())
    container.remove()
  })
})
