// @vitest-environment happy-dom
import { type Connector, ProviderRpcError } from "@appkit/core"
import { Deferred, Effect } from "effect"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { memoryWallet, testAppKit } from "../testing/appKit"
import { settle } from "../testing/dom"
import { renderWith } from "../testing/render"
import ConnectingExternal from "../views/ConnectingExternal"
import { ConnectFlowProvider, type ConnectTarget, useConnectFlow } from "./flow"

/** A wallet whose answer to connect waits for `answer` (a popup the user has not acted on yet). */
const askingWallet = (id: string, name: string, answer: Deferred.Deferred<void, ProviderRpcError>) => {
  const wallet = memoryWallet(id, name)
  return {
    ...wallet,
    connect: (options) => Effect.andThen(Deferred.await(answer), wallet.connect(options)),
  } satisfies Connector
}

type ConnectFlow = ReturnType<typeof useConnectFlow>

/** Hands the flow to the test, which plays the views' clicks through it. */
const Probe = ({ onFlow }: { readonly onFlow: (flow: ConnectFlow) => void }) => {
  onFlow(useConnectFlow())
  return null
}

const targetOf = (connector: Connector): ConnectTarget => ({
  connectorId: connector.id,
  name: connector.name,
  imageUrl: undefined,
})

describe("the connect flow", () => {
  it("shows the wallet picked last, pending, when a wallet picked before it refuses meanwhile", async () => {
    const [first, second] = [
      Deferred.makeUnsafe<void, ProviderRpcError>(),
      Deferred.makeUnsafe<void, ProviderRpcError>(),
    ]
    const walletA = askingWallet("io.wallet.a", "Wallet A", first)
    const walletB = askingWallet("io.wallet.b", "Wallet B", second)
    const appKit = testAppKit({ connectors: [walletA, walletB] })
    await appKit.ready
    let flow: ConnectFlow | undefined
    const { container, unmount } = await renderWith(
      appKit,
      <ConnectFlowProvider>
        <Probe
          onFlow={(current) => {
            flow = current
          }}
        />
        <ConnectingExternal />
      </ConnectFlowProvider>,
    )
    await appKit.open()
    // Wallet A's popup is left unanswered; the user goes back and picks Wallet B.
    let askedA: Promise<void> = Promise.resolve()
    await act(async () => {
      askedA = flow?.connect(targetOf(walletA), "ConnectingExternal") ?? askedA
    })
    await appKit.goBack()
    await act(async () => {
      void flow?.connect(targetOf(walletB), "ConnectingExternal")
    })
    await settle(() => container.textContent?.includes("Continue in Wallet B") === true)
    // Wallet A's popup is closed now: its refusal is not Wallet B's.
    await act(async () => {
      Deferred.doneUnsafe(first, Effect.fail(new ProviderRpcError({ code: 4001, message: "User rejected" })))
      await askedA
    })
    expect(container.textContent).toContain("Continue in Wallet B")
    expect(container.textContent).not.toContain("Connection declined")
    expect(container.querySelector(".appkit-spinner")).not.toBeNull()
    expect(appKit.getState().modal.open).toBe(true)
    // Wallet B's own refusal is shown, for Wallet B.
    await act(async () => {
      Deferred.doneUnsafe(second, Effect.fail(new ProviderRpcError({ code: 4001, message: "User rejected" })))
    })
    await settle(() => container.textContent?.includes("Connection declined") === true)
    expect(container.textContent).toContain("Connection declined")
    unmount()
    await appKit.dispose()
  })
})
