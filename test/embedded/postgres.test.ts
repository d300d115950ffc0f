import { randomBytes } from "node:crypto"
import { type SecureSite, startSecureSite } from "@appkit/secure-site"
import { getAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openPostgres } from "../../fixtures/secure-site/src/store/postgres"
import { startPostgresServer } from "../../fixtures/secure-site/src/testing/postgresServer"
import type { Anvil } from "../../fixtures/src/index"
import { memoryStorage, openDapp, signInByEmail, signsAs, startStack } from "./support"

// The secure site with DATABASE_URL: users, keys and sessions on a PostgreSQL server (a real wire-protocol
// server on 127.0.0.1), so a second site process — or this one restarted — carries on where the first left off.
let database: Awaited<ReturnType<typeof startPostgresServer>>
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
const secret = randomBytes(32).toString("hex")

beforeAll(async () => {
  database = await startPostgresServer()
  ;({ anvil, site, stop } = await startStack({ databaseUrl: database.url, secret }))
}, 120_000)

afterAll(async () => {
  await stop?.()
  await database?.close()
})

describe("the secure site on PostgreSQL (DATABASE_URL)", () => {
  it("signs a user in and keeps them there; a restarted site on the same database knows the session", async () => {
    const storage = memoryStorage()
    const first = await openDapp(site, storage)
    await signInByEmail(site, first, "pg@example.com")
    const user = await first.ask({ _tag: "GetUser", chainId: anvil.chainId, preferredAccountType: "eoa" })
    const address = getAddress(user.address)
    expect(await signsAs(first, address, "gm")).toBe(true)
    await first.close()

    // The rows are on the server, the key sealed.
    const reader = await openPostgres(database.url)
    try {
      const rows = await reader.query<{ address: string; sealed: Uint8Array }>(
        "select k.address, k.sealed from users u join wallet_keys k on k.user_id = u.id where u.email = $1",
        ["pg@example.com"],
      )
      expect(rows.map((row) => getAddress(row.address))).toEqual([address])
      expect(rows[0]?.sealed.length).toBeGreaterThan(32)
    } finally {
      await reader.close()
    }

    // Another site process on the same database and secret: the frame's stored session still holds.
    const second = await startSecureSite({ rpcUrl: anvil.rpcUrl, databaseUrl: database.url, secret })
    try {
      const reloaded = await openDapp(second, storage)
      expect(await reloaded.ask({ _tag: "IsConnected" })).toEqual({ isConnected: true })
      expect(getAddress((await reloaded.ask({ _tag: "GetUser", preferredAccountType: "eoa" })).address)).toBe(
        address,
      )
      expect(await signsAs(reloaded, address, "gm again")).toBe(true)
      await reloaded.close()
    } finally {
      await second.close()
    }
  }, 90_000)

  it("refuses to start on a database URL without a fixed secret, or with a data directory too", async () => {
    await expect(startSecureSite({ rpcUrl: anvil.rpcUrl, databaseUrl: database.url })).rejects.toThrow(
      "A kept database (dataDir, databaseUrl) needs a fixed secret, or its wallet keys are lost on restart",
    )
    await expect(
      startSecureSite({ rpcUrl: anvil.rpcUrl, databaseUrl: database.url, dataDir: "/tmp/x", secret }),
    ).rejects.toThrow("Give the database one home: a DATABASE_URL or a data directory, not both")
  })
})
