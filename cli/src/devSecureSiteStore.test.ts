import { describe, expect, it } from "vitest"
import { secureSiteStore } from "./devSecureSiteStore"

const secret = "ab".repeat(32)
const databaseUrl = "postgres://postgres:postgres@127.0.0.1:5432/postgres"

describe("secureSiteStore (where appkit-cli dev's secure site keeps users and keys)", () => {
  it("is PGlite in memory without DATABASE_URL, or with an empty one", () => {
    expect(secureSiteStore({})).toEqual({ store: "pglite" })
    expect(secureSiteStore({ DATABASE_URL: " " })).toEqual({ store: "pglite" })
    expect(secureSiteStore({ APPKIT_SECURE_SITE_SECRET: secret })).toEqual({ store: "pglite", secret })
  })

  it("is the PostgreSQL server at DATABASE_URL, with the fixed secret", () => {
    expect(secureSiteStore({ DATABASE_URL: databaseUrl, APPKIT_SECURE_SITE_SECRET: secret })).toEqual({
      store: "postgres",
      databaseUrl,
      secret,
    })
  })

  it("refuses DATABASE_URL without a secret (or an empty one), naming the variable to set", () => {
    for (const missing of [undefined, ""])
      expect(() =>
        secureSiteStore({ DATABASE_URL: databaseUrl, APPKIT_SECURE_SITE_SECRET: missing }),
      ).toThrow(
        expect.objectContaining({
          code: "UsageError",
          exitCode: 2,
          message: expect.stringMatching(
            /^DATABASE_URL .* needs a fixed secret: set APPKIT_SECURE_SITE_SECRET /,
          ),
        }),
      )
  })
})
