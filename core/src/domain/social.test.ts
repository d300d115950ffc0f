import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { SocialProvider } from "./social"

describe("SocialProvider", () => {
  schemaCases(SocialProvider, {
    valid: [
      ["google", "google"],
      ["x", "x"],
      ["farcaster", "farcaster"],
    ],
    invalid: [
      ["twitter (the provider is x)", "twitter"],
      ["capitalised", "Google"],
      ["not a string", 1],
    ],
  })
})
