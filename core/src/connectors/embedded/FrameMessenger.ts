import { Deferred, Duration, Effect, Queue, Result, type Scope } from "effect"
import { Timings } from "../../config/constants"
import {
  EmbeddedFrameError,
  FrameAbortedError,
  type FrameRequestError,
  frameRequestError,
} from "../../errors/embedded"
import {
  claimedRequestId,
  type IgnoredCounts,
  type IgnoredKind,
  makeIgnoredMessages,
  screenMessage,
  type WindowMessage,
} from "./messageGuard"
import {
  type AppMessage,
  decodeFrameMessage,
  decodeFrameResponse,
  decodePopupMessage,
  EMBEDDED_PROTOCOL,
  type FrameRequestOf,
  type FrameRequestTag,
  type FrameResponseOf,
} from "./protocol"
import { requestPolicy } from "./requestPolicy"

/**
 * The dApp's end of the frame protocol: posts requests to the secure site's frame, matches its answers, and
 * applies the §8/§9 timing (see requestPolicy.ts). It touches no DOM itself — a `FramePort` is the frame's
 * window and the dApp window's `message` events (browserFrame.ts makes one from an iframe; tests make one
 * from a pair of fake windows) — so it runs, and is tested with TestClock, anywhere.
 */
export interface FramePort {
  /** Posts to the frame's window; `targetOrigin` is always the configured secure-site origin, never "*". */
  readonly post: (message: AppMessage, targetOrigin: string) => void
  /** Every message the dApp's window receives; returns the unsubscribe function. */
  readonly subscribe: (listener: (message: WindowMessage) => void) => () => void
  /** The frame's window, which every accepted message must come from. */
  readonly frameWindow: unknown
}

export interface FrameMessengerOptions {
  readonly port: FramePort
  /** The secure site's origin (§9: configurable), e.g. `new URL(secureSiteUrl).origin`. */
  readonly secureSiteOrigin: string
}

export type FrameMessengerError = EmbeddedFrameError | FrameAbortedError | FrameRequestError

export interface FrameMessenger {
  /** Sends one request and decodes its answer; every request is bounded (requestPolicy.ts). */
  readonly request: <Tag extends FrameRequestTag>(
    request: FrameRequestOf<Tag>,
  ) => Effect.Effect<FrameResponseOf<Tag>, FrameMessengerError>
  /** Whether the frame said it is ready and the ready delay has passed. */
  readonly isReady: Effect.Effect<boolean>
  /** Aborts every request in flight: an RPC request fails with 'Request was aborted', others 'Something went wrong'. */
  readonly abort: Effect.Effect<void>
  /**
   * Waits for the social-login popup (opened by the dApp on the provider's authorization URL) to post the URL
   * the provider sent it back to; bounded like every user-paced wait, and ended when the user closes the popup.
   */
  readonly awaitSocialRedirect: (popup: unknown) => Effect.Effect<string, FrameAbortedError>
  /** Messages turned away so far, per kind (the first of each kind is also logged). */
  readonly ignored: Effect.Effect<IgnoredCounts>
}

interface Pending {
  readonly isRpc: boolean
  readonly reply: Deferred.Deferred<unknown, FrameMessengerError>
}

interface PopupWait {
  readonly popup: unknown
  readonly uri: Deferred.Deferred<string>
}

/** How often the social-login wait looks whether the user closed the popup. */
const popupClosedCheck = Duration.millis(500)

const randomPart = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(9))
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, "0")).join("")
}

export const makeFrameMessenger = Effect.fn("FrameMessenger.make")(function* (
  options: FrameMessengerOptions,
): Effect.fn.Return<FrameMessenger, never, Scope.Scope> {
  const { port, secureSiteOrigin } = options
  const ignored = makeIgnoredMessages("dApp")
  const pending = new Map<string, Pending>()
  const popupWaits = new Set<PopupWait>()
  const ready = yield* Deferred.make<void, EmbeddedFrameError>()
  let readySeen = false
  const idPrefix = randomPart()
  let counter = 0

  const ignore = (kind: IgnoredKind, origin: string) => {
    const line = ignored.note(kind, origin)
    return line === undefined ? Effect.void : Effect.logWarning(line)
  }

  /** Fails every request in flight except `keep`: they cannot be answered any more (§8 "aborts"). */
  const abortPending = (keep?: string) =>
    Effect.suspend(() =>
      Effect.forEach(
        [...pending].filter(([id]) => id !== keep),
        ([, { isRpc, reply }]) => Deferred.fail(reply, new FrameAbortedError({ rpcRequest: isRpc })),
        { discard: true },
      ),
    )

  const fromFrame = Effect.fn("FrameMessenger.fromFrame")(function* (message: WindowMessage) {
    const decoded = decodeFrameMessage(message.data)
    if (Result.isFailure(decoded)) {
      yield* ignore("malformed", message.origin)
      // It names a request that is waiting: that request has its answer, one it cannot read (§8 default).
      const id = claimedRequestId(message.data)
      const waiting = id === undefined ? undefined : pending.get(id)
      if (id !== undefined && waiting !== undefined) {
        pending.delete(id)
        yield* Deferred.fail(waiting.reply, frameRequestError(undefined))
      }
      return
    }
    const frameMessage = decoded.success
    switch (frameMessage.kind) {
      case "ready":
        if (readySeen) return
        readySeen = true
        // §9 ready delay: the frame announces itself before it has finished settling in.
        yield* Effect.forkScoped(
          Effect.andThen(Effect.sleep(Timings.frameReadyDelay), Deferred.succeed(ready, undefined)),
        )
        return
      case "unverifiedDomain":
        yield* Deferred.fail(ready, new EmbeddedFrameError({ code: "unverified_domain" }))
        return
      case "reply":
      case "error": {
        const waiting = pending.get(frameMessage.id)
        if (waiting === undefined) return yield* ignore("unknownRequest", message.origin)
        pending.delete(frameMessage.id)
        yield* frameMessage.kind === "reply"
          ? Deferred.succeed(waiting.reply, frameMessage.result)
          : Deferred.fail(waiting.reply, frameRequestError(frameMessage))
      }
    }
  })

  const fromPopup = Effect.fn("FrameMessenger.fromPopup")(function* (
    wait: PopupWait,
    message: WindowMessage,
  ) {
    const decoded = decodePopupMessage(message.data)
    if (Result.isFailure(decoded)) return yield* ignore("malformed", message.origin)
    popupWaits.delete(wait)
    yield* Deferred.succeed(wait.uri, decoded.success.uri)
  })

  const receive = (message: WindowMessage) => {
    const popup = [...popupWaits].find((wait) => wait.popup === message.source)
    const verdict = screenMessage(message, {
      origin: secureSiteOrigin,
      sources: popup === undefined ? [port.frameWindow] : [port.frameWindow, popup.popup],
    })
    switch (verdict) {
      case "notOurs":
        return Effect.void
      case "foreignOrigin":
      case "foreignSource":
        return ignore(verdict, message.origin)
      case "accepted":
        return popup !== undefined && message.source === popup.popup
          ? fromPopup(popup, message)
          : fromFrame(message)
    }
  }

  const inbox = yield* Queue.unbounded<WindowMessage>()
  yield* Effect.acquireRelease(
    Effect.sync(() => port.subscribe((message) => void Queue.offerUnsafe(inbox, message))),
    (unsubscribe) => Effect.sync(unsubscribe),
  )
  yield* Effect.forkScoped(Effect.forever(Effect.flatMap(Queue.take(inbox), receive)))
  // Closing the messenger answers whatever is still waiting instead of leaving it hanging.
  yield* Effect.addFinalizer(() => abortPending())

  const awaitReady = (
    alertsOnLoadFailure: boolean,
  ): Effect.Effect<void, EmbeddedFrameError | FrameAbortedError> =>
    Effect.timeoutOrElse(Deferred.await(ready), {
      duration: Timings.frameLoadTimeout,
      orElse: (): Effect.Effect<never, EmbeddedFrameError | FrameAbortedError> =>
        alertsOnLoadFailure
          ? Effect.andThen(
              abortPending(),
              Effect.fail(new EmbeddedFrameError({ code: "iframe_load_failed" })),
            )
          : Effect.fail(new FrameAbortedError({ rpcRequest: false })),
    })

  const post = (message: AppMessage) =>
    Effect.try({
      try: () => port.post(message, secureSiteOrigin),
      // The frame's window is gone (the iframe was removed): it will never load again.
      catch: () => new EmbeddedFrameError({ code: "iframe_load_failed" }),
    })

  const request = <Tag extends FrameRequestTag>(
    frameRequest: FrameRequestOf<Tag>,
  ): Effect.Effect<FrameResponseOf<Tag>, FrameMessengerError> => {
    const tag: Tag = frameRequest._tag as Tag
    const policy = requestPolicy(tag)
    const isRpc = tag === "RpcRequest"
    counter += 1
    const id = `${idPrefix}${counter.toString(36)}`
    const expire = (): Effect.Effect<unknown, FrameMessengerError> => {
      switch (policy.onExpiry) {
        case "settle":
          return Effect.succeed({})
        case "abort":
          return Effect.fail(
            new FrameAbortedError({ rpcRequest: isRpc, timeoutMillis: Duration.toMillis(policy.timeout) }),
          )
        case "requestTimeout":
          return Effect.andThen(
            abortPending(id),
            Effect.fail(new EmbeddedFrameError({ code: "iframe_request_timeout" })),
          )
      }
    }
    const exchange = Effect.gen(function* () {
      const reply = yield* Deferred.make<unknown, FrameMessengerError>()
      pending.set(id, { isRpc, reply })
      yield* post({ protocol: EMBEDDED_PROTOCOL, id, request: frameRequest })
      return yield* Deferred.await(reply)
    }).pipe(Effect.ensuring(Effect.sync(() => pending.delete(id))))

    // Sign-out's 3 s cover the whole request, readiness included; other requests get their full bound once posted.
    const answered =
      policy.onExpiry === "settle"
        ? Effect.timeoutOrElse(Effect.andThen(awaitReady(false), exchange), {
            duration: policy.timeout,
            orElse: expire,
          })
        : Effect.andThen(
            awaitReady(policy.alertsOnLoadFailure),
            Effect.timeoutOrElse(exchange, { duration: policy.timeout, orElse: expire }),
          )
    return Effect.flatMap(answered, (result) => {
      const decoded = decodeFrameResponse(tag, result)
      if (Result.isSuccess(decoded)) return Effect.succeed(decoded.success)
      // The frame answered with something the protocol does not define: count it, fail with the §8 default.
      return Effect.andThen(ignore("malformed", secureSiteOrigin), Effect.fail(frameRequestError(undefined)))
    }).pipe(Effect.withSpan(`FrameMessenger.request.${tag}`))
  }

  /**
   * Ends once the user has closed the popup (`closed` is readable across origins). One more interval passes
   * after that: the callback page posts its result and then closes itself, and the result may be on its way.
   */
  const popupClosed = (popup: unknown) =>
    Effect.gen(function* () {
      while ((popup as { readonly closed?: unknown }).closed !== true) yield* Effect.sleep(popupClosedCheck)
      yield* Effect.sleep(popupClosedCheck)
    })

  const awaitSocialRedirect = (popup: unknown): Effect.Effect<string, FrameAbortedError> =>
    Effect.gen(function* () {
      const wait: PopupWait = { popup, uri: yield* Deferred.make<string>() }
      popupWaits.add(wait)
      const redirect = Effect.raceFirst(
        Deferred.await(wait.uri),
        Effect.andThen(popupClosed(popup), Effect.fail(new FrameAbortedError({ rpcRequest: false }))),
      )
      return yield* Effect.timeoutOrElse(redirect, {
        duration: Timings.frameUserActionTimeout,
        orElse: () => Effect.fail(new FrameAbortedError({ rpcRequest: false })),
      }).pipe(Effect.ensuring(Effect.sync(() => popupWaits.delete(wait))))
    })

  return {
    request,
    isReady: Deferred.isDone(ready).pipe(
      Effect.flatMap((done) => (done ? Effect.exit(Deferred.await(ready)) : Effect.succeed(undefined))),
      Effect.map((exit) => exit !== undefined && exit._tag === "Success"),
    ),
    abort: abortPending(),
    awaitSocialRedirect,
    ignored: Effect.sync(ignored.counts),
  }
})
