import { Effect, Exit, Fiber, Logger, Option, type Scope } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { AlertError } from "../../errors/alerts"
import { EmbeddedFrameError, FrameAbortedError, FrameRequestError } from "../../errors/embedded"
import { FakeWindow, fakeFramePort } from "../../testing/fakeWindows"
import { specTexts } from "../../testing/specTexts"
import { type FrameMessenger, makeFrameMessenger } from "./FrameMessenger"
import { type AppMessage, EMBEDDED_PROTOCOL, type FrameRequest, frameMessage } from "./protocol"

const SECURE_SITE = "https://secure.example"
const DAPP = "https://dapp.example"

interface Harness {
  readonly messenger: FrameMessenger
  /** What the frame window received, in order. */
  readonly posted: Array<AppMessage>
  /** Posts `data` to the dApp window from the frame, as the frame's script would. */
  readonly fromFrame: (data: unknown) => void
  readonly dapp: FakeWindow
  readonly frame: FakeWindow
}

const logged: Array<string> = []

/** The alert title the modal shows for a frame failure (§8: each shows an alert and aborts). */
const alertTitleOf = (error: unknown) =>
  error instanceof EmbeddedFrameError ? new AlertError({ alert: error.alert }).message : undefined

const harness = Effect.gen(function* () {
  const dapp = new FakeWindow(DAPP)
  const frame = new FakeWindow(SECURE_SITE)
  const posted: Array<AppMessage> = []
  frame.subscribe((message) => void posted.push(message.data as AppMessage))
  const messenger = yield* makeFrameMessenger({
    port: fakeFramePort(dapp, frame),
    secureSiteOrigin: SECURE_SITE,
  })
  return {
    messenger,
    posted,
    fromFrame: (data) => dapp.deliver(data, DAPP, frame),
    dapp,
    frame,
  } satisfies Harness
})

const run = <A, E>(program: (h: Harness) => Effect.Effect<A, E, Scope.Scope>): Promise<A> => {
  logged.length = 0
  const capture = Logger.layer([Logger.make(({ message }) => void logged.push(String(message)))])
  return Effect.runPromise(
    Effect.flatMap(harness, program).pipe(
      Effect.scoped,
      Effect.provide(TestClock.layer()),
      Effect.provide(capture),
    ),
  )
}

/** Lets the messenger's fiber handle what was delivered. */
const settle = Effect.repeat(Effect.yieldNow, { times: 5 })

/** The frame says it is ready and the 500 ms ready delay passes. */
const makeReady = (h: Harness) =>
  Effect.gen(function* () {
    h.fromFrame(frameMessage.ready())
    yield* settle
    yield* TestClock.adjust("500 millis")
  })

const failureOf = <A, E>(fiber: Fiber.Fiber<A, E>) =>
  Effect.map(Fiber.await(fiber), (exit) => (Exit.isFailure(exit) ? exit.cause : undefined))

const errorOf = <A, E>(fiber: Fiber.Fiber<A, E>) => Effect.flip(Fiber.join(fiber))

const connectEmail: FrameRequest = { _tag: "ConnectEmail", email: "ada@example.com" }

describe("FrameMessenger timing (§8, §9)", () => {
  it("posts nothing until the frame is ready and the 500 ms ready delay has passed", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(h.messenger.request(connectEmail))
        yield* settle
        h.fromFrame(frameMessage.ready())
        yield* settle
        yield* TestClock.adjust("499 millis")
        const before = h.posted.length
        const readyBefore = yield* h.messenger.isReady
        yield* TestClock.adjust("1 millis")
        yield* settle
        const sent = h.posted[0]
        h.fromFrame(frameMessage.reply(sent?.id ?? "", { action: "VERIFY_OTP" }))
        return {
          before,
          readyBefore,
          sent,
          answer: yield* Fiber.join(fiber),
          readyAfter: yield* h.messenger.isReady,
        }
      }),
    )
    expect(seen.before).toBe(0)
    expect(seen.readyBefore).toBe(false)
    expect(seen.sent).toMatchObject({ protocol: EMBEDDED_PROTOCOL, request: connectEmail })
    expect(seen.answer).toEqual({ action: "VERIFY_OTP" })
    expect(seen.readyAfter).toBe(true)
  })

  it("fails with iframe_load_failed (its alert) when the frame is not ready within 20 s, and not a moment before", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(h.messenger.request({ _tag: "GetUser" }))
        yield* TestClock.adjust("19999 millis")
        const early = fiber.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        return { early, error: yield* errorOf(fiber), posted: h.posted.length }
      }),
    )
    expect(seen.early).toBeUndefined()
    expect(seen.error).toBeInstanceOf(EmbeddedFrameError)
    expect(seen.error).toMatchObject({ code: "iframe_load_failed", alert: "iframeLoadFailed" })
    expect(alertTitleOf(seen.error)).toBe(specTexts.alerts.iframeLoadFailed)
    expect(seen.posted).toBe(0)
  })

  it("gives up quietly on theme, dApp data and preferred-account syncs when the frame never loads", async () => {
    const errors = await run((h) =>
      Effect.gen(function* () {
        const fibers = yield* Effect.forEach(
          [
            { _tag: "SyncTheme" },
            { _tag: "SyncDappData", name: "Demo", sdkVersion: "2.17.2" },
            { _tag: "SetPreferredAccount", type: "eoa" },
          ] as const,
          (request) => Effect.forkChild(h.messenger.request(request)),
        )
        yield* TestClock.adjust("20 seconds")
        return yield* Effect.forEach(fibers, errorOf)
      }),
    )
    for (const error of errors) {
      expect(error).toBeInstanceOf(FrameAbortedError)
      expect(error.message).toBe("Something went wrong")
    }
  })

  it.each([
    ["ConnectEmail", connectEmail],
    ["ConnectDevice", { _tag: "ConnectDevice" }],
    ["ConnectOtp", { _tag: "ConnectOtp", otp: "123456" }],
    [
      "ConnectSocial",
      { _tag: "ConnectSocial", uri: "https://secure.example/auth/callback/github?code=x&state=y" },
    ],
    ["GetSocialRedirectUri", { _tag: "GetSocialRedirectUri", provider: "github" }],
  ] as const)(
    "times %s out after 30 s with iframe_request_timeout and aborts the rest",
    async (_name, request) => {
      const seen = await run((h) =>
        Effect.gen(function* () {
          yield* makeReady(h)
          const rpc = yield* Effect.forkChild(
            h.messenger.request({ _tag: "RpcRequest", method: "eth_chainId" }),
          )
          const user = yield* Effect.forkChild(h.messenger.request({ _tag: "GetUser" }))
          yield* settle
          yield* TestClock.adjust("29 seconds")
          const connect = yield* Effect.forkChild(h.messenger.request(request as FrameRequest))
          yield* settle
          yield* TestClock.adjust("29999 millis")
          const early = connect.pollUnsafe()
          yield* TestClock.adjust("1 millis")
          return {
            early,
            connect: yield* errorOf(connect),
            rpc: yield* errorOf(rpc),
            user: yield* errorOf(user),
          }
        }),
      )
      expect(seen.early).toBeUndefined()
      expect(seen.connect).toMatchObject({ code: "iframe_request_timeout", alert: "iframeRequestTimeout" })
      expect(alertTitleOf(seen.connect)).toBe(specTexts.alerts.iframeRequestTimeout)
      expect(seen.rpc).toBeInstanceOf(FrameAbortedError)
      expect(seen.rpc.message).toBe("Request was aborted")
      expect(seen.user.message).toBe("Something went wrong")
    },
  )

  it("aborts an unanswered RPC request after 30 s ('Request was aborted'), without an alert", async () => {
    const error = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const fiber = yield* Effect.forkChild(
          h.messenger.request({ _tag: "RpcRequest", method: "personal_sign" }),
        )
        yield* settle
        yield* TestClock.adjust("30 seconds")
        return yield* errorOf(fiber)
      }),
    )
    expect(error).toBeInstanceOf(FrameAbortedError)
    expect(error.message).toBe("Request was aborted")
    // (the §8 text stays; what lies behind it says which bound ran out, for a caller that words it)
    expect(error).toMatchObject({
      timeoutMillis: 30_000,
      details: "The secure site did not answer within 30 s",
    })
  })

  it("lets sign-out wait 3 s at most, readiness included, then counts it as done", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(h.messenger.request({ _tag: "SignOut" }))
        yield* TestClock.adjust("2999 millis")
        const early = fiber.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        return { early, done: yield* Fiber.join(fiber) }
      }),
    )
    expect(seen.early).toBeUndefined()
    expect(seen.done).toEqual({})
  })

  it("waits for a Farcaster approval as long as a pairing lives (4 min), then aborts", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const fiber = yield* Effect.forkChild(h.messenger.request({ _tag: "ConnectFarcaster" }))
        yield* settle
        yield* TestClock.adjust("239 seconds")
        const early = fiber.pollUnsafe()
        yield* TestClock.adjust("1 second")
        return { early, error: yield* errorOf(fiber) }
      }),
    )
    expect(seen.early).toBeUndefined()
    expect(seen.error.message).toBe("Something went wrong")
  })

  it("fails every request with unverified_domain once the frame says the dApp's origin is not allowed", async () => {
    const error = await run((h) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(h.messenger.request(connectEmail))
        yield* settle
        h.fromFrame(frameMessage.unverifiedDomain())
        return yield* errorOf(fiber)
      }),
    )
    expect(error).toBeInstanceOf(EmbeddedFrameError)
    expect(error).toMatchObject({ code: "unverified_domain", alert: "unverifiedDomain" })
    expect(alertTitleOf(error)).toBe(specTexts.alerts.unverifiedDomain)
  })

  it("aborts requests in flight on demand: RPC 'Request was aborted', others 'Something went wrong'", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const rpc = yield* Effect.forkChild(
          h.messenger.request({ _tag: "RpcRequest", method: "personal_sign" }),
        )
        const otp = yield* Effect.forkChild(h.messenger.request({ _tag: "ConnectOtp", otp: "000000" }))
        yield* settle
        yield* h.messenger.abort
        return [(yield* errorOf(rpc)).message, (yield* errorOf(otp)).message]
      }),
    )
    expect(seen).toEqual(["Request was aborted", "Something went wrong"])
  })

  it("an abort on demand names no bound: nothing ran out", async () => {
    const error = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const rpc = yield* Effect.forkChild(
          h.messenger.request({ _tag: "RpcRequest", method: "personal_sign" }),
        )
        yield* settle
        yield* h.messenger.abort
        return yield* errorOf(rpc)
      }),
    )
    expect(error).toBeInstanceOf(FrameAbortedError)
    expect(error).not.toHaveProperty("timeoutMillis")
    expect(error.details).toBeUndefined()
  })
})

describe("FrameMessenger answers", () => {
  it("passes the frame's error text (and the site's status) on, and says 'An error occurred' when there is none", async () => {
    const errors = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const first = yield* Effect.forkChild(h.messenger.request({ _tag: "ConnectOtp", otp: "123456" }))
        const second = yield* Effect.forkChild(h.messenger.request({ _tag: "GetUser" }))
        yield* settle
        h.fromFrame(frameMessage.error(h.posted[0]?.id ?? "", "Invalid code", 400))
        h.fromFrame(frameMessage.error(h.posted[1]?.id ?? "", "  "))
        return [yield* errorOf(first), yield* errorOf(second)]
      }),
    )
    expect(
      errors.map((error) => [error._tag, error.message, "status" in error ? error.status : undefined]),
    ).toEqual([
      ["FrameRequestError", "Invalid code", 400],
      ["FrameRequestError", "An error occurred", undefined],
    ])
  })

  it("rejects an answer the protocol does not define with 'An error occurred' and counts it", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const fiber = yield* Effect.forkChild(h.messenger.request(connectEmail))
        yield* settle
        h.fromFrame(frameMessage.reply(h.posted[0]?.id ?? "", { action: "LOGGED_IN" }))
        return { error: yield* errorOf(fiber), ignored: yield* h.messenger.ignored }
      }),
    )
    expect(seen.error).toBeInstanceOf(FrameRequestError)
    expect(seen.error.message).toBe("An error occurred")
    expect(seen.ignored.malformed).toBe(1)
  })

  it("fails a request at once with 'An error occurred' when its answer from the frame is malformed, not 30 s later", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        yield* makeReady(h)
        const otp = yield* Effect.forkChild(h.messenger.request({ _tag: "ConnectOtp", otp: "123456" }))
        const user = yield* Effect.forkChild(h.messenger.request({ _tag: "GetUser" }))
        yield* settle
        // An error without its text, and a kind this protocol does not define (a site of another version).
        h.fromFrame({ protocol: EMBEDDED_PROTOCOL, kind: "error", id: h.posted[0]?.id })
        h.fromFrame({ protocol: EMBEDDED_PROTOCOL, kind: "result", id: h.posted[1]?.id, value: {} })
        yield* settle
        // No time has passed: each request has its answer already.
        return {
          exits: [otp.pollUnsafe(), user.pollUnsafe()].map((exit) =>
            exit === undefined || Exit.isSuccess(exit)
              ? "pending"
              : Option.match(Exit.findErrorOption(exit), {
                  onNone: () => "defect",
                  onSome: (error) => `${error._tag}: ${error.message}`,
                }),
          ),
          ignored: yield* h.messenger.ignored,
        }
      }),
    )
    expect(seen.exits).toEqual([
      "FrameRequestError: An error occurred",
      "FrameRequestError: An error occurred",
    ])
    expect(seen.ignored.malformed).toBe(2)
  })

  it("posts every request to the secure site's origin only, never to '*'", async () => {
    const targets = await run(() =>
      Effect.gen(function* () {
        const dapp = new FakeWindow(DAPP)
        const frame = new FakeWindow(SECURE_SITE)
        const port = fakeFramePort(dapp, frame)
        const targetOrigins: Array<string> = []
        const messenger = yield* makeFrameMessenger({
          port: { ...port, post: (_message, targetOrigin) => void targetOrigins.push(targetOrigin) },
          secureSiteOrigin: SECURE_SITE,
        })
        dapp.deliver(frameMessage.ready(), DAPP, frame)
        yield* settle
        yield* TestClock.adjust("500 millis")
        yield* Effect.forkChild(messenger.request({ _tag: "IsConnected" }))
        yield* Effect.forkChild(messenger.request({ _tag: "RpcRequest", method: "eth_chainId" }))
        yield* settle
        return targetOrigins
      }),
    )
    expect(targets).toEqual([SECURE_SITE, SECURE_SITE])
  })
})

describe("FrameMessenger against a hostile page", () => {
  it("ignores forged answers from other origins, other windows and garbage, counts each and logs each kind once", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const evil = new FakeWindow("https://evil.example")
        const twin = new FakeWindow(SECURE_SITE) // another tab or frame of the secure site itself
        // Before the frame is ready, a forged `ready` from elsewhere must not make the messenger post.
        h.dapp.deliver(frameMessage.ready(), DAPP, evil)
        h.dapp.deliver(frameMessage.ready(), DAPP, twin)
        yield* settle
        yield* TestClock.adjust("1 second")
        const readyAfterForgery = yield* h.messenger.isReady
        yield* makeReady(h)
        const fiber = yield* Effect.forkChild(h.messenger.request({ _tag: "ConnectOtp", otp: "123456" }))
        yield* settle
        const id = h.posted[0]?.id ?? ""
        for (let i = 0; i < 3; i++) h.dapp.deliver(frameMessage.reply(id, {}), DAPP, evil)
        h.dapp.deliver(frameMessage.reply(id, {}), DAPP, twin)
        h.dapp.deliver({ protocol: EMBEDDED_PROTOCOL, kind: "reply" }, DAPP, h.frame)
        h.fromFrame("not even an object")
        h.fromFrame(frameMessage.reply("not-pending", {}))
        h.dapp.deliver({ type: "some-other-library" }, DAPP, evil) // not ours: skipped, not counted
        yield* settle
        const stillWaiting = fiber.pollUnsafe() === undefined
        h.fromFrame(frameMessage.reply(id, {}))
        return {
          readyAfterForgery,
          stillWaiting,
          answer: yield* Fiber.join(fiber),
          ignored: yield* h.messenger.ignored,
        }
      }),
    )
    expect(seen.readyAfterForgery).toBe(false)
    expect(seen.stillWaiting).toBe(true)
    expect(seen.answer).toEqual({})
    expect(seen.ignored).toEqual({ foreignOrigin: 4, foreignSource: 2, malformed: 2, unknownRequest: 1 })
    expect(logged).toHaveLength(4)
    expect(logged[0]).toBe(
      "AppKit embedded wallet (dApp): ignored a message posted from another origin (https://evil.example); further ones are counted, not logged",
    )
  })
})

describe("FrameMessenger social popup", () => {
  it("takes the provider's redirect from the popup it opened, at the secure site's origin only", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const popup = new FakeWindow(SECURE_SITE)
        const provider = new FakeWindow("https://accounts.provider.example")
        const fiber = yield* Effect.forkChild(h.messenger.awaitSocialRedirect(popup))
        yield* settle
        h.dapp.deliver(frameMessage.socialResult("https://evil.example/x"), DAPP, provider)
        h.dapp.deliver({ protocol: EMBEDDED_PROTOCOL, kind: "socialResult", uri: "no url" }, DAPP, popup)
        h.dapp.deliver(
          frameMessage.socialResult(`${SECURE_SITE}/auth/callback/github?code=c&state=s`),
          DAPP,
          popup,
        )
        return { uri: yield* Fiber.join(fiber), ignored: yield* h.messenger.ignored }
      }),
    )
    expect(seen.uri).toBe(`${SECURE_SITE}/auth/callback/github?code=c&state=s`)
    expect(seen.ignored).toMatchObject({ foreignOrigin: 1, malformed: 1 })
  })

  it("ends the wait soon after the user closes the popup, not 4 min later; a popup that answered and closed itself still counts", async () => {
    const seen = await run((h) =>
      Effect.gen(function* () {
        const closedEarly = Object.assign(new FakeWindow(SECURE_SITE), { closed: false })
        const cancelled = yield* Effect.forkChild(h.messenger.awaitSocialRedirect(closedEarly))
        yield* TestClock.adjust("10 seconds")
        const openAfter10s = cancelled.pollUnsafe() === undefined
        closedEarly.closed = true
        yield* TestClock.adjust("1 second")
        const error = cancelled.pollUnsafe()

        // The callback page posts its result and closes itself at once: the result is taken.
        const answered = Object.assign(new FakeWindow(SECURE_SITE), { closed: false })
        const completed = yield* Effect.forkChild(h.messenger.awaitSocialRedirect(answered))
        yield* settle
        answered.closed = true
        yield* TestClock.adjust("500 millis")
        h.dapp.deliver(
          frameMessage.socialResult(`${SECURE_SITE}/auth/callback?code=c&state=s`),
          DAPP,
          answered,
        )
        return {
          openAfter10s,
          error:
            error === undefined ? "pending" : String(Exit.isFailure(error) && Exit.findErrorOption(error)),
          uri: yield* Fiber.join(completed),
        }
      }),
    )
    expect(seen).toEqual({
      openAfter10s: true,
      error: String(Option.some(new FrameAbortedError({ rpcRequest: false }))),
      uri: `${SECURE_SITE}/auth/callback?code=c&state=s`,
    })
  })

  it("gives up on the popup after 4 min", async () => {
    const cause = await run((h) =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(h.messenger.awaitSocialRedirect(new FakeWindow(SECURE_SITE)))
        yield* TestClock.adjust("4 minutes")
        return yield* failureOf(fiber)
      }),
    )
    expect(String(cause)).toContain("Something went wrong")
  })
})
