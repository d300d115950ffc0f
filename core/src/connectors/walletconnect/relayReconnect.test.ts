import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { WebSocketReconnect } from "../../config/constants"
import { makeRelaySupervisor, type RelaySupervisor, type SupervisedRelayer } from "./relayReconnect"

/**
 * What sign-client 2.25's relayer does with its `transportExplicitlyClosed` flag: connect() clears it and
 * re-reads it before each of up to 5 tries; after a drop, and on every heartbeat, it reconnects by itself
 * unless the flag reads true. (The real one sleeps 1..5 s between tries; the fake only yields.)
 */
class FakeRelayer implements SupervisedRelayer {
  transportExplicitlyClosed = false
  connected = true
  relayUp = false
  tries = 0
  private readonly listeners: Array<() => void> = []

  on(_event: string, listener: () => void) {
    this.listeners.push(listener)
  }

  async transportOpen() {
    await Promise.resolve() // sign-client's online check
    this.transportExplicitlyClosed = false
    for (let attempt = 1; attempt < 6; attempt++) {
      if (this.transportExplicitlyClosed) break
      this.tries++
      await Promise.resolve()
      if (this.relayUp) {
        this.connected = true
        break
      }
    }
    if (!this.connected) throw new Error("Couldn't establish socket connection to the relay server")
  }

  drop() {
    this.connected = false
    for (const listener of this.listeners) listener()
  }

  /** Whether the relayer would reconnect by itself now (after a drop, or on a heartbeat). */
  get reconnectsByItself() {
    return !this.transportExplicitlyClosed && !this.connected
  }
}

/** Lets the supervisor's fiber and the fake's promises run after a clock step. */
const settle = Effect.promise(() => new Promise((resolve) => setImmediate(resolve))).pipe(
  Effect.repeat({ times: 5 }),
)

const step = (millis: number) => Effect.andThen(TestClock.adjust(millis), settle)

const run = <A, E>(body: (relayer: FakeRelayer, supervisor: RelaySupervisor) => Effect.Effect<A, E>) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const relayer = new FakeRelayer()
        const supervisor = yield* makeRelaySupervisor("ws://127.0.0.1:8788")
        supervisor.attach(relayer)
        return yield* body(relayer, supervisor)
      }),
    ).pipe(Effect.provide(TestClock.layer())),
  )

const gaveUp = {
  _tag: "WalletConnectError",
  reason: "unavailable",
  detail:
    "the relay at ws://127.0.0.1:8788 did not come back after 5 reconnection attempts 1s apart; check that it is running, then try again",
}

describe("WalletConnect relay reconnection (§9: up to 5 reconnects at 1000 ms)", () => {
  it("tries once a second, five times, then gives up with a clear error and stops for good", async () => {
    const { triesEachSecond, outcome, afterwards } = await run((relayer, supervisor) =>
      Effect.gen(function* () {
        relayer.drop()
        expect(relayer.reconnectsByItself).toBe(false)
        const waiting = yield* Effect.forkChild(supervisor.ensureConnected)
        const triesEachSecond: Array<number> = []
        yield* step(999)
        triesEachSecond.push(relayer.tries)
        for (let second = 1; second <= 5; second++) {
          yield* step(second === 1 ? 1 : 1000)
          triesEachSecond.push(relayer.tries)
        }
        const outcome = yield* Fiber.await(waiting)
        yield* step(60_000)
        return {
          triesEachSecond,
          outcome,
          afterwards: { tries: relayer.tries, own: relayer.reconnectsByItself },
        }
      }),
    )
    expect(WebSocketReconnect.maxAttempts).toBe(5)
    expect(triesEachSecond).toEqual([0, 1, 2, 3, 4, 5])
    expect(outcome).toMatchObject(Exit.fail(gaveUp))
    expect(afterwards).toEqual({ tries: 5, own: false })
  })

  it("is back as soon as an attempt gets through, and leaves the relayer to itself again", async () => {
    const result = await run((relayer, supervisor) =>
      Effect.gen(function* () {
        relayer.drop()
        yield* step(2000)
        relayer.relayUp = true
        yield* step(999)
        const before = relayer.tries
        yield* step(1)
        yield* supervisor.ensureConnected
        return {
          before,
          tries: relayer.tries,
          connected: relayer.connected,
          flag: relayer.transportExplicitlyClosed,
        }
      }),
    )
    expect(result).toEqual({ before: 2, tries: 3, connected: true, flag: false })
  })

  it("fails a request in flight when it gives up, and lets a later one start a fresh round", async () => {
    const result = await run((relayer, supervisor) =>
      Effect.gen(function* () {
        const inFlight = yield* Effect.forkChild(supervisor.whileReachable(Effect.never))
        relayer.drop()
        yield* step(5000)
        const failed = yield* Fiber.await(inFlight)
        relayer.relayUp = true
        const retry = yield* Effect.forkChild(supervisor.ensureConnected)
        yield* step(1000)
        return { failed, retried: yield* Fiber.await(retry), tries: relayer.tries }
      }),
    )
    expect(result.failed).toMatchObject(Exit.fail(gaveUp))
    expect(result.retried).toEqual(Exit.void)
    expect(result.tries).toBe(6)
  })

  it("does nothing while connected, or after the transport was closed on purpose", async () => {
    const tries = await run((relayer, supervisor) =>
      Effect.gen(function* () {
        yield* supervisor.ensureConnected
        yield* supervisor.whileReachable(Effect.void)
        relayer.transportExplicitlyClosed = true
        relayer.drop()
        yield* step(10_000)
        yield* supervisor.ensureConnected
        return relayer.tries
      }),
    )
    expect(tries).toBe(0)
  })
})
