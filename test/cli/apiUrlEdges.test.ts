import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * The API URL a user gives is checked as a URL, so it must also be used as that URL: a value the check
 * accepts (a CRLF .env file leaves a carriage return at the end of APPKIT_API_URL; a pasted flag a blank)
 * must not turn into 'Invalid URL' once a path is appended to it.
 */
describe("an API URL with the blank or line end a URL parser ignores", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi()
  })
  afterAll(() => api.close())

  it.each([
    ["APPKIT_API_URL ending in \\r", () => ({ args: [], env: { APPKIT_API_URL: `${api.url}\r` } })],
    ["--api-url ending in a blank", () => ({ args: ["--api-url", `${api.url} `], env: {} })],
    ["--api-url ending in \\n", () => ({ args: ["--api-url", `${api.url}/\n`], env: {} })],
  ])("%s reaches the API", async (_case, given) => {
    const { args, env } = given()
    const result = await runCli(["wallets", "list", "--json", ...args], {
      env: { APPKIT_CONFIG: "/nonexistent/config.json", APPKIT_PROJECT_ID: "", ...env },
    })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ page: 1 })
  })
})
