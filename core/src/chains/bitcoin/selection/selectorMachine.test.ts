import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BitcoinWalletOption } from "../../../domain/bitcoin"
import {
  cardLimits,
  headingOf,
  initialSelectorState,
  type SelectorEvent,
  type SelectorState,
  selectorTransition,
  showsSidePanel,
} from "./selectorMachine"

const installed: BitcoinWalletOption = {
  id: "XverseProviders.BitcoinProvider",
  name: "Xverse",
  icon: "x",
  isInstalled: true,
}
const missing: BitcoinWalletOption = {
  id: "unisat",
  name: "Unisat",
  icon: "u",
  isInstalled: false,
  installPrompt: { url: "https://chromewebstore.google.com/detail/unisat" },
}

const run = (events: ReadonlyArray<SelectorEvent>, from: SelectorState = initialSelectorState) =>
  events.reduce(
    ({ state, effects }, event) => {
      const next = selectorTransition(state, event)
      return { state: next.state, effects: [...effects, ...next.effects] }
    },
    { state: from, effects: [] as ReadonlyArray<unknown> },
  )

describe("the selector state machine (§4)", () => {
  it("opens on the explainer when a wallet is installed, on nothing when none is", () => {
    expect(run([{ _tag: "open", options: [installed, missing] }]).state.sidePanel).toEqual({
      _tag: "explainer",
    })
    expect(run([{ _tag: "open", options: [missing] }]).state.sidePanel).toEqual({ _tag: "none" })
  })

  it("choosing an installed wallet emits select; choosing a missing one prompts or opens its store", () => {
    const open: SelectorEvent = { _tag: "open", options: [installed, missing] }
    expect(run([open, { _tag: "choose", id: installed.id, sidePanelShown: true }]).effects).toEqual([
      { _tag: "emitSelect", id: installed.id },
    ])
    const prompted = run([open, { _tag: "choose", id: missing.id, sidePanelShown: true }])
    expect(prompted.state.sidePanel).toEqual({ _tag: "installPrompt", option: missing })
    expect(prompted.effects).toEqual([])
    expect(
      run([open, { _tag: "choose", id: missing.id, sidePanelShown: true }, { _tag: "installClicked" }])
        .effects,
    ).toEqual([{ _tag: "openUrl", url: missing.installPrompt?.url }])
    expect(run([open, { _tag: "choose", id: missing.id, sidePanelShown: false }]).effects).toEqual([
      { _tag: "openUrl", url: missing.installPrompt?.url },
    ])
  })

  it("shows 'opening wallet' while a request is in flight, then returns to the explainer as the dialog closes", () => {
    const opened = run([
      { _tag: "open", options: [installed] },
      { _tag: "walletOpen", id: installed.id },
    ])
    expect(opened.state.sidePanel).toEqual({ _tag: "openingWallet", option: installed })
    const done = run([{ _tag: "walletClose" }, { _tag: "close" }], opened.state)
    expect(done.state).toMatchObject({ sidePanel: { _tag: "explainer" }, visible: false, rendered: true })
    expect(run([{ _tag: "closed" }], done.state).state.rendered).toBe(false)
  })

  it("a dismissal (Escape, outside click, close button) cancels once", () => {
    const result = run([{ _tag: "open", options: [installed] }, { _tag: "dismiss" }, { _tag: "dismiss" }])
    expect(result.effects).toEqual([{ _tag: "emitCancel" }])
    expect(result.state.visible).toBe(false)
  })

  it("ignores picks on a closed selector and unknown ids", () => {
    expect(run([{ _tag: "choose", id: installed.id, sidePanelShown: true }]).effects).toEqual([])
    expect(
      run([
        { _tag: "open", options: [installed] },
        { _tag: "choose", id: "nope", sidePanelShown: true },
      ]).effects,
    ).toEqual([])
  })

  it("headings follow §2", () => {
    expect(headingOf([installed])).toEqual({
      heading: "Choose wallet to connect",
      subtext: "Start by selecting one of the wallets below and confirming the connection.",
    })
    expect(headingOf([missing])).toEqual({
      heading: "Don't have a wallet?",
      subtext: "Start by installing one of the wallets below.",
    })
  })

  it("shows the side panel only in containers wider than 400 px, with an installed wallet", () => {
    expect(showsSidePanel(401, [installed])).toBe(true)
    expect(showsSidePanel(400, [installed])).toBe(false)
    expect(showsSidePanel(800, [missing])).toBe(false)
    expect(cardLimits(800, [installed])).toEqual({
      maxWidth: 740,
      maxHeight: 460,
      minHeight: 340,
      radius: 24,
      sidePanel: true,
    })
    expect(cardLimits(800, [missing])).toMatchObject({ maxWidth: 360, maxHeight: 460, sidePanel: false })
    expect(cardLimits(390, [installed])).toMatchObject({
      maxWidth: 360,
      maxHeight: undefined,
      sidePanel: false,
    })
  })

  it("never emits more than one effect per event, and only select for installed wallets", () => {
    const options = [installed, missing]
    const event = fc.oneof(
      fc.constant<SelectorEvent>({ _tag: "open", options }),
      fc.record({
        _tag: fc.constant("choose" as const),
        id: fc.constantFrom(installed.id, missing.id, "x"),
        sidePanelShown: fc.boolean(),
      }),
      fc.constant<SelectorEvent>({ _tag: "installClicked" }),
      fc.constant<SelectorEvent>({ _tag: "walletOpen", id: installed.id }),
      fc.constant<SelectorEvent>({ _tag: "walletClose" }),
      fc.constant<SelectorEvent>({ _tag: "dismiss" }),
      fc.constant<SelectorEvent>({ _tag: "close" }),
      fc.constant<SelectorEvent>({ _tag: "closed" }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state = initialSelectorState
        for (const next of events) {
          const step = selectorTransition(state, next)
          expect(step.effects.length).toBeLessThanOrEqual(1)
          for (const effect of step.effects)
            if (effect._tag === "emitSelect") expect(effect.id).toBe(installed.id)
          state = step.state
          if (!state.rendered) expect(state.visible).toBe(false)
        }
      }),
    )
  })
})
