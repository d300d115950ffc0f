// @vitest-environment happy-dom
import type { CaipNetworkId, Connector } from "@appkit/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { memoryWallet, testAppKit } from "../testing/appKit"
import { renderWith } from "../testing/render"
import { NetworkPicker } from "./NetworkPicker"

/** A pairing wallet whose session approved Ethereum only, as a WalletConnect wallet may. */
const sessionWallet: Connector = (() => {
  const wallet = memoryWallet("walletConnect", "WalletConnect")
  return {
    ...wallet,
    type: "WALLET_CONNECT",
    connect: (options) =>
      Effect.map(wallet.connect(options), (connection) => ({
        ...connection,
        approvedCaipNetworkIds: ["eip155:1" as CaipNetworkId],
      })),
  }
})()

const rows = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLButtonElement>('ul[aria-label="Networks"] button')].map((row) => ({
    text: row.textContent,
    disabled: row.disabled,
  }))

describe("NetworkPicker", () => {
  it("offers only the networks the connected wallet approved in its session", async () => {
    const appKit = testAppKit({ connectors: [sessionWallet] })
    await appKit.connect("walletConnect")
    const { container, unmount } = await renderWith(
      appKit,
      <NetworkPicker label="Networks" afterSwitch={async () => {}} />,
    )
    try {
      expect(rows(container)).toEqual([
        { text: "EthereumActive", disabled: false },
        { text: "BaseNot in this wallet's session", disabled: true },
      ])
    } finally {
      unmount()
      await appKit.dispose()
    }
  })

  it("offers every network to a wallet that can switch to any", async () => {
    const appKit = testAppKit()
    await appKit.connect("io.test.wallet")
    const { container, unmount } = await renderWith(
      appKit,
      <NetworkPicker label="Networks" afterSwitch={async () => {}} />,
    )
    try {
      expect(rows(container).map((row) => row.disabled)).toEqual([false, false])
    } finally {
      unmount()
      await appKit.dispose()
    }
  })
})
