import { describe, expect, it } from "vitest"
import { generateSiweNonce } from "./nonce"

describe("generateSiweNonce", () => {
  it("makes EIP-4361 nonces that do not repeat", () => {
    const nonces = Array.from({ length: 1000 }, generateSiweNonce)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(new Set(nonces).size).toBe(nonces.length)
  })
})
