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

/**
 * The core's rule for an http(s) URL (HttpUrl, the one createAppKit's `apiUrl` obeys) decides; what it refuses
 * is invalid input, exit 1, named with where it came from, before any request leaves the machine.
 */
describe("an API URL the core's rule refuses", () => {
  it.each([
    [
      "--api-url",
      ["--api-url", "127.0.0.1:8787"],
      {},
      "--api-url must be an http(s) URL, got '127.0.0.1:8787'",
    ],
    [
      "--api-url with a port out of range",
      ["--api-url", "http://127.0.0.1:87870"],
      {},
      "--api-url must be an http(s) URL, got 'http://127.0.0.1:87870'",
    ],
    [
      "APPKIT_API_URL",
      [],
      { APPKIT_API_URL: "ftp://127.0.0.1" },
      "APPKIT_API_URL must be an http(s) URL, got 'ftp://127.0.0.1'",
    ],
  ])("%s: exit 1, named", async (_case, args, env, message) => {
    const result = await runCli(["wallets", "list", ...args], {
      env: { APPKIT_CONFIG: "/nonexistent/config.json", APPKIT_PROJECT_ID: "p", ...env },
    })
    expect(result.stderr.trim()).toBe(message)
    expect(result.code).toBe(1)
  })
})
