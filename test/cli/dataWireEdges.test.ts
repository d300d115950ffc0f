import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * The data commands against an API whose answers decode but sit at the edge of what the fields can mean:
 * each is printed (or refused with a clear message), never turned into an internal error.
 */
let bodies: Record<string, unknown> = {}
let api: Server
let apiUrl: string
beforeAll(async () => {
  api = createServer((request, response) => {
    const body = bodies[new URL(request.url ?? "/", "http://127.0.0.1").pathname]
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" })
    response.end(JSON.stringify(body ?? { message: "Not found" }))
  })
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))

const cli = (args: ReadonlyArray<string>) =>
  runCli([...args, "--api-url", apiUrl], {
    env: { APPKIT_CONFIG: "/nonexistent/config.json", APPKIT_PROJECT_ID: "" },
  })

const record = (registered: number) => ({
  name: "alice.reown.id",
  registered,
  updated: registered,
  addresses: { "60": { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
  attributes: [],
})

describe("names resolve", () => {
  it("prints a registration time no calendar date can hold as the API's number, not 'Invalid time value'", async () => {
    bodies = { "/v1/profile/account/alice.reown.id": record(1e17) }
    const result = await cli(["names", "resolve", "alice.reown.id"])
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^\s*Registered\s+100000000000000000$/m)
  })

  it("prints a registration time within the calendar as its date", async () => {
    bodies = { "/v1/profile/account/alice.reown.id": record(1_700_000_000) }
    const result = await cli(["names", "resolve", "alice.reown.id"])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^\s*Registered\s+2023-11-14$/m)
  })
})
