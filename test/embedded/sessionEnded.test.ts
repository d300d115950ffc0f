import { randomBytes } from "node:crypto"
import { type AppKit, createAppKit } from "@appkit/core"
import { type SecureSite, storageKeys } from "@appkit/secure-site"
import { type Hex, toHex, verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Anvil } from "../../fixtures/src/index"
import { memoryStorage, signInAtProvider, startStack, testFrameHost } from "./support"

// A session the secure site no longer honours (expired, or ended elsewhere) while the dApp is open: the request
// fails with the site's reason, the dApp no longer shows the wallet as connected, and a new sign-in works.
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
let appKit: AppKit
const storage = memoryStorage()

beforeAll(async () => {
  ;({ anvil, site, stop } = await startStack())
  appKit = createAppKit({
    projectId: "session-ended",
    networks: [
      { id: anvil.chainId, name: "anvil", rpcUrl: anvil.rpcUrl },
      { id: 1, name: "Ethereum", rpcUrl: anvil.rpcUrl },
    ],
    metadata: { name: "test dApp", description: "", url: "http://127.0.0.1:5173", icons: [] },
    secureSiteUrl: site.url,
    embeddedFrameHost: testFrameHost(storage),
    reconnect: false,
  })
  await appKit.setPreferredAccountType("eip155", "eoa")
}, 120_000)

afterAll(async () => {
  await appKit?.dispose()
  await stop?.()
})

const signIn = async (email: string) => {
  const sent = Date.now()
  expect(await appKit.embedded.connectEmail(email)).toBe("verifyOtp")
  await appKit.embedded.verifyOtp(await site.readCode(email, { after: sent }))
  return appKit.getState().account.byNamespace.eip155?.address as Hex
}

const sign = (address: Hex, message: string) =>
  appKit.walletRequest("eip155", { method: "personal_sign", params: [toHex(message), address] })

describe("a session that ended at the secure site", () => {
  it("fails the request with the site's reason, then shows the wallet disconnected, and a new sign-in works", async () => {
    const address = await signIn("ended@example.com")
    expect(appKit.getState().connection.status).toBe("connected")
    // A request the site refuses in a live session leaves the wallet connected.
    const stranger = "0x000000000000000000000000000000000000dEaD"
    expect(await sign(stranger, "not mine").catch((e: { message?: string }) => e.message)).toBe(
      `${stranger} is not an account of this wallet`,
    )
    expect(appKit.getState().connection.status).toBe("connected")
    // The site forgets the session (it expired): the token the frame holds is one it does not know.
    storage.set(storageKeys.session, randomBytes(32).toString("base64url"))

    const refused = await sign(address, "after expiry").then(
      () => "signed",
      (error: { message?: string }) => error.message,
    )
    expect(refused).toBe("The session has ended; sign in again")
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(appKit.getState().embedded.step).toBe("idle")

    // The frame dropped the dead token: the next sign-in starts clean (its code is another test's: cooldown).
    expect(storage.get(storageKeys.session)).toBe(null)
    // Signing in again (a social login: a second email code would wait out the 30 s cooldown) works.
    const uri = await appKit.embedded.socialRedirectUri("github")
    await appKit.embedded.completeSocialLogin(await signInAtProvider(uri, "returning"))
    const again = appKit.getState().account.byNamespace.eip155?.address as Hex
    const signature = await sign(again, "signed in again")
    expect(
      await verifyMessage({ address: again, message: "signed in again", signature: signature as Hex }),
    ).toBe(true)
  }, 90_000)

  it("fails a chain switch with the site's reason and ends the connection, rather than staying 'connected'", async () => {
    const uri = await appKit.embedded.socialRedirectUri("github")
    await appKit.embedded.completeSocialLogin(await signInAtProvider(uri, "switcher"))
    expect(appKit.getState().connection.status).toBe("connected")
    storage.set(storageKeys.session, randomBytes(32).toString("base64url"))

    const refused = await appKit.switchNetwork("eip155:1").then(
      () => "switched",
      (error: { message?: string }) => error.message,
    )
    expect(refused).toBe("The session has ended; sign in again")
    expect(appKit.getState().connection.status).toBe("disconnected")
    expect(appKit.getState().embedded.step).toBe("idle")
    expect(storage.get(storageKeys.session)).toBe(null)
  }, 90_000)
})
