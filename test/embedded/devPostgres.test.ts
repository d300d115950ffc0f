import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { once } from "node:events"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { getAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openPostgres } from "../../fixtures/secure-site/src/store/postgres"
import { startPostgresServer } from "../../fixtures/secure-site/src/testing/postgresServer"
import { cliPath, firstLine, freeStackPorts, runCli } from "../support/cli"

// `appkit-cli dev` with DATABASE_URL: the stack's secure site keeps its users and sealed wallet keys on that
// PostgreSQL server (a real wire-protocol server on 127.0.0.1), says so in `dev --json`, and refuses to start
// without the fixed secret such a database needs.
let database: Awaited<ReturnType<typeof startPostgresServer>>
let dev: ChildProcess | undefined
const home = { APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-dev-postgres-")) }

beforeAll(async () => {
  database = await startPostgresServer()
}, 60_000)

afterAll(async () => {
  if (dev !== undefined && dev.exitCode === null) {
    const exited = once(dev, "exit")
    dev.kill("SIGTERM")
    const force = setTimeout(() => dev?.kill("SIGKILL"), 10_000)
    await exited
    clearTimeout(force)
  }
  await database?.close()
})

describe("appkit-cli dev with DATABASE_URL", () => {
  it("refuses to start without APPKIT_SECURE_SITE_SECRET, before any service starts", async () => {
    const result = await runCli(["dev", "--json", ...freeStackPorts], {
      env: { ...home, DATABASE_URL: database.url, APPKIT_SECURE_SITE_SECRET: "" },
      timeoutMs: 30_000,
    })
    expect([result.code, result.stdout, JSON.parse(result.stderr.trim()).error.code]).toEqual([
      2,
      "",
      "UsageError",
    ])
    expect(JSON.parse(result.stderr.trim()).error.message).toMatch(
      /^DATABASE_URL .* needs a fixed secret: set APPKIT_SECURE_SITE_SECRET /,
    )
  }, 40_000)

  it("keeps the embedded wallet's users in PostgreSQL and says so: secureSiteStore postgres", async () => {
    const env = {
      ...home,
      DATABASE_URL: database.url,
      APPKIT_SECURE_SITE_SECRET: randomBytes(32).toString("hex"),
    }
    dev = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const stack = JSON.parse(await firstLine(dev, 60_000)) as {
      secureSiteUrl: string
      secureSiteStore: string
    }
    expect(stack).toMatchObject({
      secureSiteUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
      secureSiteStore: "postgres",
    })

    const connected = await runCli(
      ["connect", "--email", "pg-dev@example.com", "--dev-otp", "--account-type", "eoa", "--json"],
      { env, timeoutMs: 60_000 },
    )
    expect([connected.code, connected.stderr]).toEqual([0, expect.not.stringMatching(/error/i)])
    const { address } = JSON.parse(connected.stdout) as { address: string }

    // The user and their sealed key are rows on the PostgreSQL server.
    const reader = await openPostgres(database.url)
    try {
      const rows = await reader.query<{ address: string }>(
        "select k.address from users u join wallet_keys k on k.user_id = u.id where u.email = $1",
        ["pg-dev@example.com"],
      )
      expect(rows.map((row) => getAddress(row.address))).toEqual([getAddress(address)])
    } finally {
      await reader.close()
    }
  }, 120_000)
})
