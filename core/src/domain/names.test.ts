import { describe } from "vitest"
import { schemaCases } from "../testing/schemaCases"
import { Identity, NameRegistrationPayload } from "./names"

describe("Identity", () => {
  schemaCases(Identity, {
    valid: [
      ["a named identity", { name: "vitalik.eth", avatar: "https://euc.li/vitalik.eth" }],
      ["an address without a name", { name: null, avatar: null }],
    ],
    invalid: [
      ["missing avatar", { name: "vitalik.eth" }],
      ["a numeric name", { name: 1, avatar: null }],
    ],
  })
})

describe("NameRegistrationPayload", () => {
  const payload = {
    coin_type: 2147483649,
    address: "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
    message: JSON.stringify({ name: "alice.reown.id", attributes: {}, timestamp: 1714644900 }),
    signature: "0x5c2b9a1f",
  }
  schemaCases(NameRegistrationPayload, {
    valid: [["a signed registration on mainnet", payload]],
    invalid: [
      ["a coin type past uint32", { ...payload, coin_type: 2 ** 32 }],
      ["a signature without 0x", { ...payload, signature: "5c2b9a1f" }],
      ["an empty message", { ...payload, message: "" }],
    ],
  })
})
