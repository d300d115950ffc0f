import { Effect, Fiber, type Scope, Stream } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { FakeWindow, fakeFramePort } from "../../testing/fakeWindows"
import { networkId } from "../../testing/testkit"
import { makeEmbeddedConnector } from "./EmbeddedConnector"
import { makeEmbeddedWallet } from "./EmbeddedWallet"
import { makeFrameMessenger } from "./FrameMessenger"
import { type AppMessage, type FrameRequest, frameMessage } from "./protocol"

const SECURE_SITE = "https://secure.example"
const DAPP = "https://dapp.example"
const EOA = "0x00000000000000000000000000000000000000e0"
const SMART = "0x00000000000000000000000000000000000000a0"

/** A frame that answers each request with `script`'s result, or its error text when it returns `{ error }`. */
const scriptedFrame = (script: (request: FrameRequest) => unknown) =>
  Effect.gen(function* () {
    const dapp = new FakeWindow(DAPP)
    const frame = new FakeWindow(SECURE_SITE)
    const seen: Array<FrameRequest> = []
    frame.subscribe(({ data }) => {
      const { id, request } = data as AppMessage
      seen.push(request)
      const answer = script(request) as { error?: string } | undefined
      dapp.deliver(
        typeof answer === "object" && answer !== null && "error" in answer
          ? frameMessage.error(id, answer.error ?? "")
          : frameMessage.reply(id, answer),
        DAPP,
        frame,
      )
    })
    const messenger = yield* makeFrameMessenger({
      port: fakeFramePort(dapp, frame),
      secureSiteOrigin: SECURE_SITE,
    })
    dapp.deliver(frameMessage.ready(), DAPP, frame)
    yield* TestClock.adjust("500 millis")
    const wallet = makeEmbeddedWallet({ messenger, dappName: "Demo" })
    return { wallet, connector: yield* makeEmbeddedConnector(wallet), seen }
  })

const run = <A, E>(program: Effect.Effect<A, E, Scope.Scope>) =>
  Effect.runPromise(program.pipe(Effect.scoped, Effect.provide(TestClock.layer())))

const user = (type: "eoa" | "smartAccount", chainId = 1) => ({
  address: type === "eoa" ? EOA : SMART,
  chainId,
  accounts: [
    { address: EOA, type: "EOA" },
    { address: SMART, type: "SMART_ACCOUNT" },
  ],
  preferredAccountType: type,
})

describe("the embedded connector", () => {
  it("connects only when the frame holds a session, and reports CAIP accounts and account type objects", async () => {
    let signedIn = false
    const seen = await run(
      Effect.gen(function* () {
        const { connector } = yield* scriptedFrame((request) =>
          request._tag === "IsConnected" ? { isConnected: signedIn } : user("smartAccount", 137),
        )
        const before = yield* Effect.flip(connector.connect())
        signedIn = true
        return {
          before: before.message,
          after: yield* connector.connect({ chainId: networkId("eip155:137") }),
        }
      }),
    )
    expect(seen.before).toBe("Connector not connected.")
    expect(seen.after).toEqual({
      accounts: [`eip155:137:${SMART}`],
      chainId: "eip155:137",
      allAccounts: [
        { namespace: "eip155", address: EOA, type: "eoa" },
        { namespace: "eip155", address: SMART, type: "smartAccount" },
      ],
    })
  })

  it("gates RPC requests with core's allowlist before the frame sees them, and sends the active chain", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const frame = yield* scriptedFrame((request) =>
          request._tag === "IsConnected"
            ? { isConnected: true }
            : request._tag === "GetUser"
              ? user("eoa", 10)
              : "0xsig",
        )
        yield* frame.connector.connect()
        const refused = yield* Effect.flip(frame.connector.request({ method: "debug_traceTransaction" }))
        const signed = yield* frame.connector.request({ method: "personal_sign", params: ["0x00", EOA] })
        return { refused: refused.message, signed, rpc: frame.seen.filter((r) => r._tag === "RpcRequest") }
      }),
    )
    expect(seen.refused).toBe("Requested RPC call is not allowed")
    expect(seen.signed).toBe("0xsig")
    expect(seen.rpc).toEqual([
      { _tag: "RpcRequest", method: "personal_sign", params: ["0x00", EOA], chainId: 10 },
    ])
  })

  it("switches chains through the frame and announces chainChanged; refuses non-EVM chains", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const { connector } = yield* scriptedFrame((request) =>
          request._tag === "SwitchNetwork" ? { chainId: request.chainId } : undefined,
        )
        const events = yield* Effect.forkChild(Stream.runCollect(Stream.take(connector.events, 1)))
        yield* Effect.yieldNow
        yield* connector.switchChain(networkId("eip155:8453"))
        const mismatch = yield* Effect.flip(
          connector.switchChain(networkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")),
        )
        return { events: yield* Fiber.join(events), mismatch: mismatch.message }
      }),
    )
    expect(seen.events).toEqual([{ _tag: "chainChanged", chainId: "eip155:8453" }])
    expect(seen.mismatch).toBe("Connector chain mismatch.")
  })

  it("falls back to the EOA when the frame refuses the smart account (§4), and announces the account", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const { connector } = yield* scriptedFrame((request) => {
          if (request._tag === "SetPreferredAccount")
            return request.type === "smartAccount"
              ? { error: "Smart accounts are not available on chain 1" }
              : { type: "eoa", address: EOA }
          return user("eoa")
        })
        const events = yield* Effect.forkChild(Stream.runCollect(Stream.take(connector.events, 1)))
        yield* Effect.yieldNow
        const address = yield* connector.setAccountType("smartAccount")
        const fallback = yield* connector.wallet.setPreferredAccount("smartAccount")
        return { address, fallback, events: yield* Fiber.join(events) }
      }),
    )
    expect(seen.address).toBe(EOA)
    expect(seen.fallback).toEqual({ type: "eoa", address: EOA, fellBack: true })
    expect(seen.events[0]).toMatchObject({ _tag: "accountsChanged", accounts: [`eip155:1:${EOA}`] })
  })
})
