import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { AccountButton } from "../buttons/AccountButton"
import { AppKitButton } from "../buttons/AppKitButton"
import { NetworkButton } from "../buttons/NetworkButton"
import { testAppKit } from "../testing/appKit"
import { AppKitProvider } from "./AppKitProvider"
import { useAppKitAccount, useAppKitState } from "./hooks"

const Status = () => {
  const { isConnected } = useAppKitAccount()
  const { initialized, open } = useAppKitState()
  return <p>{`connected=${isConnected} initialized=${initialized} open=${open}`}</p>
}

// Node, no DOM: what a server renders before the page hydrates.
describe("server rendering", () => {
  it("renders the provider, the buttons and the hooks without a window", async () => {
    expect(typeof window).toBe("undefined")
    const appKit = testAppKit()
    const html = renderToString(
      <AppKitProvider appKit={appKit} themeMode="dark" themeVariables={{ "--appkit-accent": "#ff0066" }}>
        <AppKitButton />
        <NetworkButton />
        <AccountButton />
        <Status />
      </AppKitProvider>,
    )
    expect(html).toContain("Connect Wallet")
    expect(html).toContain("Ethereum")
    expect(html).toContain("connected=false initialized=false open=false")
    expect(html).toContain('data-appkit-theme="dark"')
    expect(html).toContain("--appkit-accent:#ff0066")
    // The stylesheet comes along once, however many components need it.
    expect(html.match(/data-href="appkit-base"/g)).toHaveLength(1)
    await appKit.dispose()
  })
})
