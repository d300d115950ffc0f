import { Cause, Effect, Exit, Fiber, Layer, Stream, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { beforeAll, describe, expect, it } from "vitest"
import type { FrameRequest } from "../connectors/embedded/protocol"
import { frameMessage } from "../connectors/embedded/protocol"
import { FrameRequestError } from "../errors/embedded"
import { Account } from "../state/Account"
import { Connection } from "../state/Connection"
import { Connectors } from "../state/Connectors"
import { EmbeddedAuth } from "../state/EmbeddedAuth"
import { stateLayer } from "../state/layer"
import { Modal } from "../state/Modal"
import type { AppKitOptions } from "../state/Options"
import { Router } from "../state/Router"
import { Toast } from "../state/Toast"
import { FakeWindow } from "../testing/fakeWindows"
import { DAPP_ORIGIN, scriptedFrameHost } from "../testing/scriptedFrame"
import { scriptedWallet, storageOver, testOptions } from "../testing/testkit"
import { embeddedAuthLayer } from "./embeddedWallet"

const SITE = "https://secure.example"
const EOA = "0x00000000000000000000000000000000000000e0"

/** The secure site as the frame shows it: one user, signed in by a code, a social redirect or Farcaster. */
const fakeSite = (options: { readonly known?: boolean; readonly smartAccountNetworks?: number[] } = {}) => {
  const site = { signedIn: false, email: "ada@example.com", socialFails: false }
  const user = () => ({
    email: site.email,
    address: EOA,
    chainId: 1,
    accounts: [{ address: EOA, type: "EOA" as const }],
    preferredAccountType: "eoa" as const,
    smartAccountDeployed: false,
  })
  const script = (request: FrameRequest): unknown => {
    switch (request._tag) {
      case "SyncDappData":
        return {}
      case "GetSmartAccountEnabledNetworks":
        return { smartAccountEnabledNetworks: options.smartAccountNetworks ?? [] }
      case "ConnectEmail":
        return { action: options.known ? "VERIFY_DEVICE" : "VERIFY_OTP" }
      case "ConnectDevice":
        return {}
      case "ConnectOtp":
        if (request.otp !== "123456") return { error: "Invalid code" }
        site.signedIn = true
        return {}
      case "GetSocialRedirectUri":
        return { uri: `https://idp.example/authorize?provider=${request.provider}` }
      case "ConnectSocial":
        if (site.socialFails) return { error: "The sign-in was refused" }
        site.signedIn = true
        return user()
      case "GetFarcasterUri":
        return { url: `${SITE}/farcaster/abc` }
      case "ConnectFarcaster":
        site.signedIn = true
        return user()
      case "IsConnected":
        return { isConnected: site.signedIn }
      case "GetUser":
        return user()
      case "SignOut":
        site.signedIn = false
        return {}
      case "UpdateEmail":
        return { action: "VERIFY_PRIMARY_OTP" }
      case "UpdateEmailPrimaryOtp":
        return {}
      case "UpdateEmailSecondaryOtp":
        site.email = "grace@example.com"
        return { newEmail: site.email }
      default:
        return { error: `unexpected ${request._tag}` }
    }
  }
  return { site, script }
}

const layerFor = (
  host: ReturnType<typeof scriptedFrameHost>,
  map: Map<string, string>,
  options: AppKitOptions = testOptions,
) =>
  embeddedAuthLayer({ secureSiteUrl: SITE, dappName: "Demo", frameHost: host.host }).pipe(
    Layer.provideMerge(stateLayer({ options })),
    Layer.provide(storageOver(map)),
  )

const run = <A, E>(
  program: Effect.Effect<A, E, Layer.Success<ReturnType<typeof layerFor>>>,
  host: ReturnType<typeof scriptedFrameHost>,
  map = new Map<string, string>(),
  options?: AppKitOptions,
) =>
  Effect.runPromise(
    program.pipe(Effect.provide(layerFor(host, map, options)), Effect.provide(TestClock.layer())),
  )

/** The event loop's turn: the frame's code loads by a dynamic import, real I/O that no clock moves. */
const nextTurn = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

/**
 * Runs a step that loads the frame: the TestClock moves in 100 ms steps (past the 500 ms ready delay) only
 * while the step waits, so what the step does after the frame is ready happens at a known time.
 */
const settled = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    for (let step = 0; step < 1000; step++) {
      yield* nextTurn
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust("100 millis")
    }
    return yield* Fiber.join(fiber)
  })

const emailLogin = Effect.gen(function* () {
  const auth = yield* EmbeddedAuth
  const next = yield* settled(auth.connectEmail(" ada@example.com "))
  yield* auth.verifyOtp("123456")
  return next
})

const snapshot = Effect.gen(function* () {
  return {
    auth: yield* SubscriptionRef.get((yield* EmbeddedAuth).state),
    connection: yield* SubscriptionRef.get((yield* Connection).state),
    account: (yield* SubscriptionRef.get((yield* Account).state)).byNamespace.eip155,
    toast: yield* SubscriptionRef.get((yield* Toast).state),
  }
})

describe("the email and social login flows (EmbeddedAuth)", () => {
  // The first load transforms the lazily loaded modules (createAppKit's first-use chunk, the state's flows, the
  // embedded wallet); later ones find them in the module cache. One after the other, as Node 20 needs.
  beforeAll(async () => {
    await import("./onFirstUse")
    await import("../state/lazyFlows")
    await import("../connectors/embedded/loadEmbeddedWallet")
  }, 60_000)

  it("email → OTP → connected: the AUTH connector connects and the §3 user lands in Account state", async () => {
    const { script } = fakeSite()
    const host = scriptedFrameHost(script)
    const result = await run(Effect.andThen(emailLogin, snapshot), host)
    expect(result.auth).toMatchObject({ step: "connected", email: "ada@example.com", busy: false })
    expect(result.connection.connections.eip155?.connectorId).toBe("embedded")
    expect(result.account?.address).toBe(EOA)
    expect(result.account?.user).toMatchObject({ email: "ada@example.com", address: EOA })
    expect(host.seen.map((r) => r._tag)).toEqual(
      expect.arrayContaining([
        "SyncDappData",
        "GetSmartAccountEnabledNetworks",
        "ConnectEmail",
        "ConnectOtp",
      ]),
    )
    // The frame was mounted once for the whole flow.
    expect(host.mounts).toBe(1)
  })

  it("a known user on a new device approves it first, then gets the code", async () => {
    const host = scriptedFrameHost(fakeSite({ known: true }).script)
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        return yield* settled(auth.connectEmail("ada@example.com"))
      }),
      host,
    )
    expect(result).toBe("verifyOtp")
    expect(host.seen.map((r) => r._tag)).toContain("ConnectDevice")
  })

  /** A device approval whose ConnectDevice answers come from `answer` (by attempt, from 1); asked counts them. */
  const deviceApproval = (answer: (attempt: number) => unknown, seconds: ReadonlyArray<number>) => {
    const { script: site } = fakeSite({ known: true })
    let asked = 0
    const host = scriptedFrameHost((request) => {
      if (request._tag !== "ConnectDevice") return site(request)
      asked += 1
      return answer(asked)
    })
    return run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const login = yield* Effect.forkChild(auth.connectEmail("ada@example.com"))
        for (let step = 0; step < 10 && asked === 0; step++) {
          yield* nextTurn
          yield* TestClock.adjust("100 millis")
        }
        yield* nextTurn
        const askedBy: Array<number> = [asked]
        for (const second of seconds) {
          yield* TestClock.adjust(`${second} seconds`)
          yield* nextTurn
          askedBy.push(asked)
        }
        const exit = login.pollUnsafe()
        return { askedBy, exit, auth: yield* SubscriptionRef.get(auth.state) }
      }),
      host,
    )
  }

  it("asks the site again a second after each answer that the device is not approved yet, never in a tight loop", async () => {
    // The site's long poll ends (408) at once, time after time, until the 6th time: approved.
    const result = await deviceApproval(
      (attempt) => (attempt >= 6 ? {} : { error: "This device has not been approved yet", status: 408 }),
      [0.999, 0.001, 1, 1, 1, 1],
    )
    expect(result.askedBy).toEqual([1, 1, 2, 3, 4, 5, 6])
    expect(result.exit).toEqual(Exit.succeed("verifyOtp"))
  })

  it.each([
    [400, "No account uses this address"],
    [403, "This app is not allowed"],
  ])(
    "a device approval the site refuses (%i) fails at once with its text, never asked again",
    async (status, text) => {
      const result = await deviceApproval(() => ({ error: text, status }), [1, 10])
      expect(result.askedBy).toEqual([1, 1, 1])
      expect(result.exit && Exit.isFailure(result.exit)).toBe(true)
      const failure = result.exit && Exit.isFailure(result.exit) ? Cause.squash(result.exit.cause) : undefined
      expect(failure).toBeInstanceOf(FrameRequestError)
      expect((failure as FrameRequestError).message).toBe(text)
      expect(result.auth).toMatchObject({ step: "verifyDevice", busy: false, error: text })
    },
  )

  it("a rate-limited device approval (429) is asked again as the API client would: 1 s, 2 s, 4 s, then fails with the site's text", async () => {
    const text = "Too many requests; try again later"
    const result = await deviceApproval(
      () => ({ error: text, status: 429 }),
      [0.999, 0.001, 1.999, 0.001, 3.999, 0.001, 60],
    )
    expect(result.askedBy).toEqual([1, 1, 2, 2, 3, 3, 4, 4])
    const failure = result.exit && Exit.isFailure(result.exit) ? Cause.squash(result.exit.cause) : undefined
    expect(failure).toBeInstanceOf(FrameRequestError)
    expect((failure as FrameRequestError).message).toBe(text)
    expect(result.auth).toMatchObject({ step: "verifyDevice", busy: false, error: text })
  })

  it("a rate limit that lifts within the bound lets the approval go on", async () => {
    const result = await deviceApproval(
      (attempt) => (attempt >= 4 ? {} : { error: "Too many requests; try again later", status: 429 }),
      [1, 2, 4],
    )
    expect(result.askedBy).toEqual([1, 2, 3, 4])
    expect(result.exit).toEqual(Exit.succeed("verifyOtp"))
  })

  it("an error reply without a status (the frame could not tell why) is not retried either", async () => {
    const result = await deviceApproval(
      () => ({ error: "The embedded wallet could not complete the request" }),
      [5],
    )
    expect(result.askedBy).toEqual([1, 1])
    expect(result.auth.error).toBe("The embedded wallet could not complete the request")
  })

  it("a site that cannot be reached (5xx) is asked again with a growing pause: 1 s, 2 s, 4 s", async () => {
    const result = await deviceApproval(
      (attempt) =>
        attempt >= 4
          ? {}
          : { error: "The wallet service cannot be reached", status: attempt === 2 ? 502 : 503 },
      [0.999, 0.001, 1.999, 0.001, 3.999, 0.001],
    )
    expect(result.askedBy).toEqual([1, 1, 2, 2, 3, 3, 4])
    expect(result.exit).toEqual(Exit.succeed("verifyOtp"))
  })

  it("a chain switch after the site ended the session fails with the site's text and ends the connection", async () => {
    const { site, script } = fakeSite()
    const host = scriptedFrameHost((request) => {
      if (request._tag !== "SwitchNetwork") return script(request)
      return site.signedIn
        ? { chainId: request.chainId }
        : { error: "The session has ended; sign in again", status: 401 }
    })
    const result = await run(
      Effect.gen(function* () {
        yield* emailLogin
        // The site ended the session meanwhile (it expired, or the user signed out on another device).
        site.signedIn = false
        const failure = yield* Effect.flip((yield* Connection).switchNetwork("eip155:8453"))
        for (let turn = 0; turn < 5; turn++) yield* nextTurn
        return { failure, ...(yield* snapshot) }
      }),
      host,
    )
    expect([result.failure._tag, result.failure.message]).toEqual([
      "FrameRequestError",
      "The session has ended; sign in again",
    ])
    expect(result.connection.status).toBe("disconnected")
    expect(result.connection.connections.eip155).toBeUndefined()
    expect(result.auth.step).toBe("idle")
  })

  it("refuses a second code within 30 s, to the second: 'Please try again after {n} seconds'", async () => {
    const host = scriptedFrameHost(fakeSite().script)
    const messages = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        yield* settled(auth.connectEmail("ada@example.com"))
        const first = yield* Effect.flip(auth.connectEmail("ada@example.com"))
        yield* TestClock.adjust("29999 millis")
        const edge = yield* Effect.flip(auth.connectEmail("ada@example.com"))
        yield* TestClock.adjust("1 millis")
        const after = yield* auth.connectEmail("ada@example.com")
        return { first: first.message, edge: edge.message, after }
      }),
      host,
    )
    expect(messages).toEqual({
      first: "Please try again after 30 seconds",
      edge: "Please try again after 1 seconds",
      after: "verifyOtp",
    })
  })

  it("checks the address and the code before anything is sent", async () => {
    const host = scriptedFrameHost(fakeSite().script)
    const errors = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const email = yield* Effect.flip(auth.connectEmail("ada@example"))
        yield* settled(auth.connectEmail("ada@example.com"))
        const otp = yield* Effect.flip(auth.verifyOtp("12345"))
        const wrong = yield* Effect.flip(auth.verifyOtp("654321"))
        return { email: email.message, otp: otp.message, wrong: wrong.message, state: yield* snapshot }
      }),
      host,
    )
    expect(errors.email).toBe("Invalid email: expected a valid email address")
    expect(errors.otp).toBe("Invalid code: expected 6 digits")
    expect(errors.wrong).toBe("Invalid code")
    expect(errors.state.auth).toMatchObject({ step: "verifyOtp", error: "Invalid code" })
    expect(host.seen.filter((r) => r._tag === "ConnectOtp")).toHaveLength(1)
  })

  it("a frame that never loads: iframe_load_failed after 20 s with its alert, then a fresh frame next time", async () => {
    const host = scriptedFrameHost(fakeSite().script, { silent: true })
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const fiber = yield* Effect.forkChild(Effect.flip(auth.connectEmail("ada@example.com")))
        yield* nextTurn
        yield* TestClock.adjust("19999 millis")
        const early = fiber.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        const error = yield* Fiber.join(fiber)
        const state = yield* SubscriptionRef.get(auth.state)
        const retry = yield* Effect.forkChild(Effect.flip(auth.connectEmail("ada@example.com")))
        yield* nextTurn
        yield* TestClock.adjust("20 seconds")
        yield* Fiber.join(retry)
        return { early, error: error.message, state }
      }),
      host,
    )
    expect(result.early).toBeUndefined()
    expect(result.error).toBe("iframe_load_failed")
    expect(result.state).toMatchObject({ alert: "iframeLoadFailed", busy: false })
    expect(host.mounts).toBe(2)
    expect(host.removed).toBe(2)
  })

  it("social login: the popup goes to the provider, 'Authenticating...' while the frame completes it", async () => {
    const { script } = fakeSite()
    const host = scriptedFrameHost(script)
    const popupWindow = new FakeWindow(SITE)
    const navigated: Array<string> = []
    const toasts: Array<string> = []
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const toast = yield* Toast
        yield* Effect.forkChild(
          Stream.runForEach(SubscriptionRef.changes(toast.state), (t) =>
            Effect.sync(() => toasts.push(t.message)),
          ),
        )
        const popup = {
          window: popupWindow,
          navigate: (uri: string) => {
            navigated.push(uri)
            // The provider sends the popup back to the secure site, which hands the URL to the dApp.
            queueMicrotask(() =>
              host.dapp?.deliver(
                frameMessage.socialResult(`${SITE}/auth/callback?code=1`),
                DAPP_ORIGIN,
                popupWindow,
              ),
            )
          },
        }
        yield* settled(auth.connectSocial("github", popup))
        return yield* snapshot
      }),
      host,
    )
    expect(navigated).toEqual(["https://idp.example/authorize?provider=github"])
    expect(result.auth).toMatchObject({ step: "connected", socialProvider: "github" })
    expect(result.connection.connections.eip155?.connectorId).toBe("embedded")
    expect(host.seen.find((r) => r._tag === "ConnectSocial")).toMatchObject({
      uri: `${SITE}/auth/callback?code=1`,
    })
    expect(toasts).toContain("Authenticating...")
  })

  it("a social login abandoned in its popup that runs out minutes later leaves the wallet connected since alone", async () => {
    const host = scriptedFrameHost(fakeSite().script)
    // The user closes the popup: nothing ever comes back from it.
    const popup = { window: new FakeWindow(SITE), navigate: () => {} }
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const social = yield* Effect.forkChild(auth.connectSocial("github", popup))
        for (let step = 0; step < 20; step++) {
          yield* nextTurn
          yield* TestClock.adjust("100 millis")
        }
        // Back, then another wallet on eip155.
        yield* auth.reset
        const wallet = yield* scriptedWallet({ id: "io.rabby" })
        yield* (yield* Connectors).register([wallet.connector])
        yield* (yield* Connection).connect("io.rabby")
        yield* TestClock.adjust("4 minutes")
        yield* nextTurn
        const abandoned = social.pollUnsafe()?._tag
        return {
          abandoned,
          eip155: (yield* SubscriptionRef.get((yield* Connection).state)).connections.eip155?.connectorId,
          walletCalls: wallet.calls,
        }
      }),
      host,
    )
    expect(result).toEqual({ abandoned: "Failure", eip155: "io.rabby", walletCalls: ["connect"] })
  })

  it("going back from a device approval or a social popup ends the wait: no error, alert or toast minutes later", async () => {
    const { script: site } = fakeSite({ known: true })
    const asked: Array<string> = []
    // The site keeps answering that the device is not approved yet; the popup never comes back.
    const host = scriptedFrameHost((request) => {
      asked.push(request._tag)
      return request._tag === "ConnectDevice"
        ? { error: "This device has not been approved yet", status: 408 }
        : site(request)
    })
    const popup = { window: new FakeWindow(SITE), navigate: () => {} }
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const toasts: Array<string> = []
        yield* Effect.forkChild(
          Stream.runForEach(SubscriptionRef.changes((yield* Toast).state), (t) =>
            Effect.sync(() => toasts.push(t.message)),
          ),
        )
        const attempts = [
          yield* Effect.forkChild(auth.connectEmail("ada@example.com")),
          yield* Effect.forkChild(auth.connectSocial("github", popup)),
        ]
        for (let step = 0; step < 20; step++) {
          yield* nextTurn
          yield* TestClock.adjust("100 millis")
        }
        yield* auth.reset
        const askedAtBack = asked.length
        yield* TestClock.adjust("5 minutes")
        yield* nextTurn
        return {
          ended: attempts.map((attempt) => attempt.pollUnsafe() !== undefined),
          askedAfterBack: asked.length - askedAtBack,
          auth: yield* SubscriptionRef.get(auth.state),
          toasts,
        }
      }),
      host,
    )
    expect(result.ended).toEqual([true, true])
    expect(result.askedAfterBack).toBe(0)
    expect(result.auth).toMatchObject({ step: "idle", busy: false, error: undefined, alert: undefined })
    expect(result.toasts).not.toContain("A problem occurred while trying initialize authentication")
  })

  it("a failed social login says 'A problem occurred while trying initialize authentication' and leaves nothing connected", async () => {
    const { site, script } = fakeSite()
    site.socialFails = true
    const host = scriptedFrameHost(script)
    const popupWindow = new FakeWindow(SITE)
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const popup = {
          window: popupWindow,
          navigate: () =>
            queueMicrotask(() =>
              host.dapp?.deliver(
                frameMessage.socialResult(`${SITE}/auth/callback?code=1`),
                DAPP_ORIGIN,
                popupWindow,
              ),
            ),
        }
        const error = yield* Effect.flip(settled(auth.connectSocial("google", popup)))
        // It replaces 'Authenticating...' after the 150 ms toast delay.
        yield* TestClock.adjust("150 millis")
        return { error: error.message, ...(yield* snapshot) }
      }),
      host,
    )
    expect(result.error).toBe("The sign-in was refused")
    expect(result.toast).toMatchObject({
      message: "A problem occurred while trying initialize authentication",
      variant: "error",
    })
    expect(result.connection.connections.eip155).toBeUndefined()
  })

  it("Farcaster: the QR URL into Account state, then connected once approved", async () => {
    const host = scriptedFrameHost(fakeSite().script)
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        const url = yield* settled(auth.farcasterUrl)
        const before = (yield* snapshot).account?.farcasterUrl
        yield* auth.connectFarcaster
        return { url, before, ...(yield* snapshot) }
      }),
      host,
    )
    expect(result.url).toBe(`${SITE}/farcaster/abc`)
    expect(result.before).toBe(result.url)
    expect(result.auth).toMatchObject({ step: "connected", socialProvider: "farcaster" })
  })

  it("email update: the code to the current address, then the code to the new one", async () => {
    const host = scriptedFrameHost(fakeSite().script)
    const result = await run(
      Effect.gen(function* () {
        const auth = yield* EmbeddedAuth
        yield* emailLogin
        yield* TestClock.adjust("30 seconds")
        const first = yield* auth.updateEmail("grace@example.com")
        yield* auth.updateEmailPrimaryOtp("111111")
        const middle = (yield* SubscriptionRef.get(auth.state)).step
        const email = yield* auth.updateEmailSecondaryOtp("222222")
        return { first, middle, email, ...(yield* snapshot) }
      }),
      host,
    )
    expect([result.first, result.middle]).toEqual(["updateEmailPrimaryOtp", "updateEmailSecondaryOtp"])
    expect(result.email).toBe("grace@example.com")
    expect(result.auth).toMatchObject({ step: "connected", email: "grace@example.com" })
    expect(result.account?.user?.email).toBe("grace@example.com")
  })

  it("a reload restores the embedded session and its user without a new code", async () => {
    const { script } = fakeSite()
    const map = new Map<string, string>()
    await run(emailLogin, scriptedFrameHost(script), map)
    const reloaded = scriptedFrameHost(script)
    const result = await run(
      Effect.gen(function* () {
        yield* settled((yield* Connection).reconnect)
        const auth = yield* EmbeddedAuth
        yield* Stream.runHead(
          Stream.filter(SubscriptionRef.changes(auth.state), (s) => s.step === "connected"),
        )
        return yield* snapshot
      }),
      reloaded,
      map,
    )
    expect(result.connection.connections.eip155?.connectorId).toBe("embedded")
    expect(result.account?.user?.email).toBe("ada@example.com")
    expect(reloaded.seen.map((r) => r._tag)).not.toContain("ConnectEmail")
    expect(reloaded.seen.map((r) => r._tag)).not.toContain("ConnectOtp")
  })

  it("a reload whose frame is slower than reconnect's 10 s drops the session, and a login afterwards still works (no endless wait)", async () => {
    const { script } = fakeSite()
    const map = new Map<string, string>()
    await run(emailLogin, scriptedFrameHost(script), map)
    // The secure site answers, but each frame takes 15 s to say it is ready (a slow network).
    const slow = scriptedFrameHost(script, { silent: true })
    const frames: Array<() => void> = []
    const host = {
      ...slow,
      host: (secureSiteUrl: string) => {
        const frame = slow.host(secureSiteUrl)
        const dapp = slow.dapp as FakeWindow
        frames.push(() =>
          dapp.deliver(frameMessage.ready(), DAPP_ORIGIN, frame.port.frameWindow as FakeWindow),
        )
        return frame
      },
    }
    /** Steps the clock 100 ms at a time for `seconds`, making each frame ready 15 s after it was mounted. */
    const mountedAt: Array<number> = []
    const stepFor = (seconds: number, clock: { now: number }) =>
      Effect.gen(function* () {
        for (let step = 0; step < seconds * 10; step++) {
          yield* nextTurn
          while (mountedAt.length < frames.length) mountedAt.push(clock.now)
          frames.forEach((ready, index) => {
            if (clock.now - (mountedAt[index] ?? 0) === 15_000) ready()
          })
          yield* TestClock.adjust("100 millis")
          clock.now += 100
        }
      })
    const result = await run(
      Effect.gen(function* () {
        const clock = { now: 0 }
        const reconnect = yield* Effect.forkChild((yield* Connection).reconnect)
        yield* stepFor(11, clock)
        const afterReconnect = {
          done: reconnect.pollUnsafe() !== undefined,
          connection: (yield* SubscriptionRef.get((yield* Connection).state)).connections.eip155,
        }
        const login = yield* Effect.forkChild((yield* EmbeddedAuth).connectEmail("ada@example.com"))
        yield* stepFor(40, clock)
        // (polled, not joined: a login that waits for ever fails here rather than hanging the test)
        return { afterReconnect, login: login.pollUnsafe() }
      }),
      host,
      map,
    )
    expect(result.afterReconnect).toEqual({ done: true, connection: undefined })
    expect(result.login).toEqual(Exit.succeed("verifyOtp"))
  })

  it("a smart account asked for where the site runs none: 'This application might not support Smart Accounts'", async () => {
    const host = scriptedFrameHost(fakeSite({ smartAccountNetworks: [8453] }).script)
    const result = await run(Effect.andThen(emailLogin, snapshot), host)
    expect(result.toast).toMatchObject({ message: "This application might not support Smart Accounts" })
  })

  it("embedded mode returns to Account instead of closing; otherwise the modal closes", async () => {
    const viewAfterLogin = (enableEmbedded: boolean) =>
      run(
        Effect.gen(function* () {
          yield* (yield* Modal).open()
          yield* emailLogin
          return {
            open: (yield* SubscriptionRef.get((yield* Modal).state)).open,
            view: (yield* SubscriptionRef.get((yield* Router).state)).view,
          }
        }),
        scriptedFrameHost(fakeSite().script),
        new Map(),
        { ...testOptions, enableEmbedded },
      )
    expect(await viewAfterLogin(true)).toEqual({ open: true, view: "Account" })
    expect((await viewAfterLogin(false)).open).toBe(false)
  })

  it("a view that opens as the login completes (SIWX asking the new account to sign in) is left open", async () => {
    const after = await run(
      Effect.gen(function* () {
        const modal = yield* Modal
        const connection = yield* Connection
        yield* modal.open()
        // As Siwx does: once an account is connected, SIWXSignMessage opens for it.
        yield* Effect.forkChild(
          SubscriptionRef.changes(connection.state).pipe(
            Stream.filter((state) => state.connections.eip155 !== undefined),
            Stream.take(1),
            Stream.runForEach(() => modal.open({ view: "SIWXSignMessage" })),
          ),
        )
        yield* emailLogin
        return {
          open: (yield* SubscriptionRef.get(modal.state)).open,
          view: (yield* SubscriptionRef.get((yield* Router).state)).view,
        }
      }),
      scriptedFrameHost(fakeSite().script),
    )
    expect(after).toEqual({ open: true, view: "SIWXSignMessage" })
  })
})
