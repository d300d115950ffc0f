import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createAppKit } from "../appkit/createAppKit"
import { testOptions } from "../testing/testkit"

describe("checkProjectConfig (fixture API)", () => {
  let api: FixtureApi
  beforeAll(async () => {
    api = await startFixtureApi({ port: 0 })
  })
  afterAll(() => api.close())
  const appKit = () => createAppKit({ ...testOptions, apiUrl: api.url, reconnect: false })

  it("names the §8 alert the server's answer stands for, and nothing when all is well or the API is down", async () => {
    const cases = [
      [undefined, undefined],
      [{ status: 403, message: "Unauthorized: origin not allowed" }, "originNotAllowed"],
      [{ status: 401, message: "Unauthorized: invalid key" }, "invalidProjectId"],
      [{ status: 403 }, "originNotAllowed"],
      [{ status: 503 }, undefined],
    ] as const
    for (const [fault, alert] of cases) {
      api.faults.clear()
      if (fault !== undefined) api.faults.set("/appkit/v1/config", fault)
      const instance = appKit()
      expect(await instance.checkProjectConfig(), JSON.stringify(fault)).toBe(alert)
      await instance.dispose()
    }
  }, 30_000)

  it("has nothing to check without a Wallet API", async () => {
    const instance = createAppKit({ ...testOptions, reconnect: false })
    expect(await instance.checkProjectConfig()).toBeUndefined()
    await instance.dispose()
  })
})
