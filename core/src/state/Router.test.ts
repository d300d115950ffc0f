import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { specTexts } from "../testing/specTexts"
import {
  accountViews,
  goBack,
  initialRouterState,
  popTransaction,
  push,
  pushTransaction,
  type RouterState,
  replace,
  reset,
  View,
} from "./Router"

const at = (...history: Array<View>): RouterState => ({
  view: history[history.length - 1] as View,
  history,
  transactionStack: [],
})

describe("Router", () => {
  it("starts at Connect with a one-view history", () => {
    expect(initialRouterState).toEqual(at("Connect"))
  })

  it("pushes a new view once, replaces the top view and resets the history", () => {
    const pushed = push(push(initialRouterState, "AllWallets"), "AllWallets")
    expect(pushed).toEqual(at("Connect", "AllWallets"))
    expect(replace(pushed, "ConnectingExternal")).toEqual(at("Connect", "ConnectingExternal"))
    expect(reset(pushed, "Account")).toEqual(at("Account"))
  })

  it("goes back one view, and asks to close when one view remains or UnsupportedChain is in the history", () => {
    expect(goBack(at("Connect", "AllWallets"))).toEqual({ state: at("Connect"), closeModal: false })
    expect(goBack(at("Connect"))).toEqual({ state: at("Connect"), closeModal: true })
    const unsupported = at("UnsupportedChain", "AllWallets")
    expect(goBack(unsupported)).toEqual({ state: unsupported, closeModal: true })
  })

  it("lets the transaction stack decide what follows success or cancel", () => {
    const approving = at("Account", "ApproveTransaction")
    const back = pushTransaction(approving, { _tag: "GoBack" })
    expect(popTransaction(back, "success")).toEqual({ state: at("Account"), closeModal: false })

    const toView = pushTransaction(approving, { _tag: "Reset", view: "Account" })
    expect(popTransaction(toView, "success")).toEqual({ state: at("Account"), closeModal: false })
    expect(popTransaction(toView, "cancel")).toEqual({ state: at("Account"), closeModal: false })

    const siwe = pushTransaction(at("Connect", "AllWallets", "ConnectingSiwe", "ApproveTransaction"), {
      _tag: "Replace",
    })
    expect(popTransaction(siwe, "success")).toEqual({ state: at("Connect", "AllWallets"), closeModal: false })

    const replaceWithoutSiwe = pushTransaction(approving, { _tag: "Replace" })
    expect(popTransaction(replaceWithoutSiwe, "success")).toEqual({ state: approving, closeModal: true })
  })

  it("closes on a replacing success when ConnectingSiwe is the first view: there is nothing before it", () => {
    const siweFirst = pushTransaction(at("ConnectingSiwe", "ApproveTransaction"), { _tag: "Replace" })
    expect(popTransaction(siweFirst, "success")).toEqual({
      state: at("ConnectingSiwe", "ApproveTransaction"),
      closeModal: true,
    })
  })

  it("knows exactly the views of §2, then the wallet features' network list, send, receive, swap and buy forms", () => {
    for (const view of specTexts.views) expect(Schema.is(View)(view)).toBe(true)
    expect([...View.literals].sort()).toEqual(
      [...specTexts.views, "Networks", "WalletSend", "WalletReceive", "Swap", "OnRamp"].sort(),
    )
    for (const other of ["connect", "Connect ", "swap", "Onramp", ""])
      expect(Schema.is(View)(other)).toBe(false)
  })

  it("knows which views are about the connected account: the connect flow and the network list are not", () => {
    expect([...accountViews].sort()).toEqual(
      [
        "Account",
        "OnRamp",
        "RegisterAccountName",
        "RegisterAccountNameSuccess",
        "Swap",
        "UnsupportedChain",
        "WalletReceive",
        "WalletSend",
      ].sort(),
    )
  })

  it("ignores a pop with an empty stack", () => {
    expect(popTransaction(at("Account"), "success")).toEqual({ state: at("Account"), closeModal: false })
  })
})
