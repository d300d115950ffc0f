// @vitest-environment happy-dom
import { type Connector, createAppKit } from "@appkit/core"
import { describe, expect, it } from "vitest"
import { ConnectFlowProvider } from "../modal/flow"
import { memoryWallet, testNetworks } from "../testing/appKit"
import { renderWith } from "../testing/render"
import { Connect } from "./Connect"

const authConnector: Connector = { ...memoryWallet("embedded", "Email & socials"), type: "AUTH" }

const appKitWith = (connectors: ReadonlyArray<Connector>) =>
  createAppKit({
    projectId: "test",
    networks: testNetworks,
    socials: ["google", "github"],
    connectors,
    reconnect: false,
  })

const renderConnect = (connectors: ReadonlyArray<Connector>) =>
  renderWith(
    appKitWith(connectors),
    <ConnectFlowProvider>
      <Connect />
    </ConnectFlowProvider>,
  )

const sections = (container: HTMLElement) =>
  [...container.querySelectorAll("ul[aria-label]")].map((list) => list.getAttribute("aria-label"))

describe("the Connect view", () => {
  it("puts the wallet first when a wallet is installed (§2), then email and social", async () => {
    const { container, unmount } = await renderConnect([memoryWallet(), authConnector])
    expect(sections(container)).toEqual(["Wallets", "Email", "Social login"])
    const wallets = [...container.querySelectorAll('ul[aria-label="Wallets"] button')].map(
      (b) => b.textContent,
    )
    expect(wallets).toEqual(["Test WalletInstalled", "All Wallets"])
    const socials = [...container.querySelectorAll('ul[aria-label="Social login"] button')].map(
      (b) => b.textContent,
    )
    expect(socials).toEqual(["Continue with google", "Continue with github"])
    unmount()
  })

  it("keeps email, social, wallet without an installed wallet, and offers no sign-in without an embedded wallet", async () => {
    const withAuth = await renderConnect([authConnector])
    expect(sections(withAuth.container)).toEqual(["Email", "Social login", "Wallets"])
    withAuth.unmount()
    const withoutAuth = await renderConnect([])
    expect(sections(withoutAuth.container)).toEqual(["Wallets"])
    withoutAuth.unmount()
  })
})
