import type { OutputChunk } from "rolldown"
import { describe, expect, it } from "vitest"
import { bundle, staticallyLoaded } from "./bundle"

/**
 * Code of other namespaces an app of browser (EVM) wallets never runs, by a string only that code contains:
 * the Sign-In With Solana message (its address rule) and the Bitcoin wallet-address entry (its address types).
 */
const otherNamespaces: ReadonlyArray<readonly [what: string, marker: string]> = [
  ["the Sign-In With Solana message", "a Solana address (32-44 base58 characters, 32 bytes)"],
  ["Solana address validation", "Invalid Solana address"],
  ["the Bitcoin address entry schema", "keystone"],
]

describe("the lazy actions chunk of an injected-only (EVM) app", () => {
  it("loads no Solana or Bitcoin code with it; Sign-In With Solana stays a chunk of its own", async () => {
    const chunks = await bundle("injectedApp")
    const actions = chunks.find((chunk) =>
      chunk.moduleIds.some((id) => id.endsWith("core/src/appkit/onFirstUse.ts")),
    ) as OutputChunk
    expect(actions).toBeDefined()
    const loaded = staticallyLoaded(chunks, actions)
    for (const [what, marker] of otherNamespaces)
      expect(
        loaded.filter((chunk) => chunk.code.includes(marker)).map((chunk) => chunk.fileName),
        what,
      ).toEqual([])
    // A solana sign-in still renders its message: the code is there, one dynamic import away.
    const solanaSignIn = chunks.filter((chunk) => chunk.code.includes(otherNamespaces[0]?.[1] as string))
    expect(solanaSignIn.length).toBeGreaterThan(0)
  })
})
