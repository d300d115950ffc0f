import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { socialProviders } from "../domain/social"
import { featuresFromRemote } from "./remoteFeatures"

const switchOf = (id: string, isEnabled: boolean, config: unknown = null) => ({ id, isEnabled, config })

describe("featuresFromRemote", () => {
  it("maps the dashboard's switches onto the features it names, and no others", () => {
    expect(
      featuresFromRemote({
        features: [
          switchOf("activity", false),
          switchOf("swap", true, ["1inch"]),
          switchOf("onramp", false, ["coinbase"]),
          switchOf("reown_branding", true),
          switchOf("multi_wallet", false),
        ],
      }),
    ).toEqual({ features: { history: false, swaps: true, onramp: false } })
    expect(featuresFromRemote({ features: [] })).toEqual({ features: {} })
  })

  it("maps the receive and send switches each way, leaving the other untouched", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (receive, send) => {
        expect(
          featuresFromRemote({ features: [switchOf("receive", receive), switchOf("send", send)] }),
        ).toEqual({ features: { receive, send } })
        expect(featuresFromRemote({ features: [switchOf("send", send)] })).toEqual({ features: { send } })
      }),
    )
  })

  it("reads social_login as the login methods: email among them, the known socials in the dashboard's order", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...socialProviders, "email", "telegram", "passkey"]),
        fc.boolean(),
        (methods, isEnabled) => {
          const patch = featuresFromRemote({ features: [switchOf("social_login", isEnabled, methods)] })
          const offered = isEnabled ? methods : []
          expect(patch.features).toEqual({ email: offered.includes("email") })
          expect(patch.socials).toEqual(offered.filter((method) => socialProviders.includes(method as never)))
        },
      ),
    )
    // A switch without a list offers nothing rather than guessing.
    expect(featuresFromRemote({ features: [switchOf("social_login", true, "google")] })).toEqual({
      features: { email: false },
      socials: [],
    })
  })
})
