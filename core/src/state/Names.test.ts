import { Effect, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import nock from "nock"
import { verifyMessage } from "viem"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { testBaseUrl } from "../testing/http"
import { devAccount, network, runState, scriptedWallet, testOptions } from "../testing/testkit"
import { Account } from "./Account"
import { AccountData } from "./AccountData"
import { Connection } from "./Connection"
import { Names } from "./Names"
import { Router } from "./Router"

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

interface Posted {
  readonly coin_type: number
  readonly address: string
  readonly message: string
  readonly signature: `0x${string}`
}

const register = (name: string, chainId = "eip155:1") =>
  Effect.gen(function* () {
    const router = yield* Router
    yield* (yield* Connection).connect("injected")
    yield* router.reset("Account")
    yield* router.push("RegisterAccountName")
    const outcome = yield* Effect.result((yield* Names).register(name))
    const { view, history } = yield* SubscriptionRef.get(router.state)
    const profileName = (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155?.profileName
    return { outcome, view, history, profileName, chainId }
  })

const run = (
  name: string,
  chainId = "eip155:1",
  wallet = Effect.runSync(scriptedWallet({ id: "injected", chainId })),
) => {
  const networks = [
    ...testOptions.networks,
    network({ id: 2 ** 31, chainNamespace: "eip155", caipNetworkId: "eip155:2147483648", name: "Huge" }),
  ] as const
  return runState(register(name, chainId), {
    connectors: [wallet.connector],
    apiUrl: testBaseUrl,
    options: { ...testOptions, networks },
  })
}

/** Nobody holds the name yet: the API's answer for an unregistered one. */
const nameIsFree = () =>
  nock(testBaseUrl)
    .get(/^\/v1\/profile\/account\/[^/]+$/)
    .query(true)
    .reply(404, { message: "Name not found" })

/** The name is free and the API accepts the registration; `body` is what was posted. */
const acceptRegistration = () => {
  nameIsFree()
  const posted: { body?: Posted } = {}
  nock(testBaseUrl)
    .post("/v1/profile/account", (body: Posted) => {
      posted.body = body
      return true
    })
    .query(true)
    .reply(200, { success: true })
  return posted
}

/** An account without a name yet (identity and reverse lookup say so) whose registration the API accepts. */
const acceptRegistrationOfNameless = () => {
  acceptRegistration()
  nock(testBaseUrl)
    .get(/^\/v1\/identity\//)
    .query(true)
    .reply(200, { name: null, avatar: null })
  nock(testBaseUrl)
    .get(/^\/v1\/profile\/reverse\//)
    .query(true)
    .reply(200, [])
  nock(testBaseUrl)
    .get("/v1/supported-chains")
    .query(true)
    .reply(200, { http: ["eip155:1"], ws: [] })
}

/** What the reverse lookup gives once alice-wonder.reown.id is the dev account's. */
const aliceWonder = {
  name: "alice-wonder.reown.id",
  registered: 1_700_000_000,
  updated: 1_700_000_000,
  addresses: { "60": { address: devAccount.address } },
  attributes: [],
}

describe("Names", () => {
  it("registers a name typed in capitals under its lowercase form, as every path (skin, CLI) does", async () => {
    const posted = acceptRegistration()
    const result = await run("Alice-Wonder")
    expect(result.outcome).toMatchObject({ _tag: "Success", success: "alice-wonder.reown.id" })
    expect(result.profileName).toBe("alice-wonder.reown.id")
    expect(JSON.parse(posted.body?.message ?? "{}")).toMatchObject({ name: "alice-wonder.reown.id" })
  })

  it("shows the success view, signs, posts the §3 payload and sets the profile name", async () => {
    const posted = acceptRegistration()
    const result = await run("alice")
    expect(result.outcome).toMatchObject({ _tag: "Success", success: "alice.reown.id" })
    expect(result.view).toBe("RegisterAccountNameSuccess")
    expect(result.profileName).toBe("alice.reown.id")
    expect(posted.body?.coin_type).toBe(2147483649)
    expect(posted.body?.address).toBe(devAccount.address)
    expect(JSON.parse(posted.body?.message ?? "{}")).toMatchObject({ name: "alice.reown.id", attributes: {} })
    expect(
      await verifyMessage({
        address: devAccount.address,
        message: posted.body?.message ?? "",
        signature: posted.body?.signature ?? "0x",
      }),
    ).toBe(true)
  })

  it("keeps the registered name as the profile name when the account view refreshes the identity again", async () => {
    // The account view read the identity before the registration: no name yet (both lookups cached 5 min).
    acceptRegistrationOfNameless()
    nock(testBaseUrl)
      .get(/^\/v1\/profile\/reverse\//)
      .query(true)
      .reply(200, [aliceWonder])
    const wallet = Effect.runSync(scriptedWallet({ id: "injected", chainId: "eip155:1" }))
    const profileName = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        const data = yield* AccountData
        yield* data.refreshIdentity
        yield* Effect.result((yield* Names).register("alice-wonder"))
        yield* data.refreshIdentity
        return (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155?.profileName
      }),
      { connectors: [wallet.connector], apiUrl: testBaseUrl },
    )
    expect(profileName).toBe("alice-wonder.reown.id")
  })

  it("shows the registered name after a reload within 5 minutes: the cached 'no name' from before is gone", async () => {
    const map = new Map<string, string>()
    const connector = () => Effect.runSync(scriptedWallet({ id: "injected", chainId: "eip155:1" })).connector
    const profileName = Effect.gen(function* () {
      yield* (yield* AccountData).refreshIdentity
      return (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155?.profileName
    })
    // Before the registration the account had no name, and both lookups are cached for 5 minutes.
    acceptRegistrationOfNameless()
    const before = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        const shown = yield* profileName
        yield* (yield* Names).register("alice-wonder")
        return shown
      }),
      { map, connectors: [connector()], apiUrl: testBaseUrl },
    )
    expect(before).toBeUndefined()
    // The page reloads a minute later (the stored connection comes back); the service now knows the name.
    nock(testBaseUrl)
      .get(/^\/v1\/profile\/reverse\//)
      .query(true)
      .reply(200, [aliceWonder])
    const after = await runState(Effect.andThen(TestClock.setTime(60_000), profileName), {
      map,
      connectors: [connector()],
      apiUrl: testBaseUrl,
    })
    expect(after).toBe("alice-wonder.reown.id")
    expect(nock.pendingMocks()).toEqual([])
  })

  it("refuses a name someone already holds before the wallet is asked to sign", async () => {
    nock(testBaseUrl)
      .get("/v1/profile/account/alice.reown.id")
      .query(true)
      .reply(200, {
        name: "alice.reown.id",
        registered: 1_700_000_000,
        updated: 1_700_000_000,
        addresses: { "60": { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } },
        attributes: [],
      })
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await run("Alice", "eip155:1", wallet)
    expect(result.outcome).toMatchObject({
      _tag: "Failure",
      failure: { message: "Error registering name", cause: "alice.reown.id is already registered" },
    })
    expect(wallet.calls).not.toContain("personal_sign")
    expect(result.history).toEqual(["Account", "RegisterAccountName"])
  })

  it("returns to the register view when the service refuses", async () => {
    nameIsFree()
    nock(testBaseUrl).post("/v1/profile/account").query(true).reply(400, "bad signature")
    const result = await run("alice")
    expect(result.outcome).toMatchObject({ _tag: "Failure", failure: { message: "Error registering name" } })
    expect(result.history).toEqual(["Account", "RegisterAccountName"])
    expect(result.profileName).toBeUndefined()
  })

  it("refuses a chain id of 2^31 or more with 'Invalid chainId' before anything is signed", async () => {
    const result = await run("alice", "eip155:2147483648")
    expect(result.outcome).toMatchObject({ _tag: "Failure", failure: { message: "Invalid chainId" } })
    expect(result.view).toBe("RegisterAccountName")
  })
})
