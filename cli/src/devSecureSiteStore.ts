import { setting } from "./endpoints"
import { CliError } from "./output"

/**
 * Where `appkit-cli dev`'s secure site keeps users and wallet keys: PGlite in memory by default, or the
 * PostgreSQL server at `DATABASE_URL` (the variable the self-hosted site reads too). A kept database needs the
 * fixed secret that seals its keys, `APPKIT_SECURE_SITE_SECRET`, or every restart would lose them; without it
 * the stack refuses before anything starts. The URL's form and the secret's are the site's own checks.
 */
export type SecureSiteStore =
  | { readonly store: "pglite"; readonly secret?: string }
  | { readonly store: "postgres"; readonly databaseUrl: string; readonly secret: string }

export const secureSiteStore = (env: NodeJS.ProcessEnv = process.env): SecureSiteStore => {
  const databaseUrl = setting(env.DATABASE_URL)
  const secret = setting(env.APPKIT_SECURE_SITE_SECRET)
  if (databaseUrl === undefined)
    return secret === undefined ? { store: "pglite" } : { store: "pglite", secret }
  if (secret === undefined)
    throw new CliError(
      "DATABASE_URL keeps the secure site's users and wallet keys in PostgreSQL, which needs a fixed secret: set APPKIT_SECURE_SITE_SECRET (64+ hex characters, e.g. `openssl rand -hex 32`), or unset DATABASE_URL",
      { code: "UsageError" },
    )
  return { store: "postgres", databaseUrl, secret }
}
