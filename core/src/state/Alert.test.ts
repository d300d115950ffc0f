import { Effect, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { alerts } from "../errors/alerts"
import { runState } from "../testing/testkit"
import { Alert, initialAlertState } from "./Alert"

describe("Alert", () => {
  it("shows the raised alert with the catalogue's texts, the latest in place of an earlier one, until dismissed", async () => {
    const seen = await runState(
      Effect.gen(function* () {
        const alert = yield* Alert
        const states = [yield* SubscriptionRef.get(alert.state)]
        yield* alert.raise("invalidProjectId")
        states.push(yield* SubscriptionRef.get(alert.state))
        yield* alert.raise("originNotAllowed")
        const shown = yield* SubscriptionRef.get(alert.state)
        // Raised again (a second 403): the same snapshot, so no subscriber re-renders.
        yield* alert.raise("originNotAllowed")
        const again = yield* SubscriptionRef.get(alert.state)
        yield* alert.dismiss
        return { states, shown, again, dismissed: yield* SubscriptionRef.get(alert.state) }
      }),
    )
    expect(seen.states).toEqual([initialAlertState, { key: "invalidProjectId", ...alerts.invalidProjectId }])
    expect(seen.shown).toEqual({ key: "originNotAllowed", ...alerts.originNotAllowed })
    expect(seen.again).toBe(seen.shown)
    expect(seen.dismissed).toEqual(initialAlertState)
  })
})
