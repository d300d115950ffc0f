import { Deferred, Effect, Fiber, SubscriptionRef } from "effect"
import { describe, expect, it } from "vitest"
import { SiwxSessionsUnavailableError } from "../siwx/SiwxClient"
import { specTexts } from "../testing/specTexts"
import {
  accountId,
  devAccount,
  networkId,
  runState,
  scriptedWallet,
  testOptions,
  waitFor,
} from "../testing/testkit"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { Modal } from "./Modal"
import { Network } from "./Network"
import { Router } from "./Router"
import { Siwx } from "./Siwx"
import { Toast } from "./Toast"

const siwx = { domain: "app.example", uri: "https://app.example" }

const modalView = Effect.gen(function* () {
  const { open } = yield* SubscriptionRef.get((yield* Modal).state)
  const { view } = yield* SubscriptionRef.get((yield* Router).state)
  return { open, view }
})

/** Connects the scripted wallet and waits for the sign-in prompt the flow opens by itself. */
const connectAndAwaitPrompt = Effect.gen(function* () {
  yield* (yield* Connection).connect("injected")
  yield* waitFor((yield* Modal).state, (s) => s.open)
  return yield* modalView
})

describe("SIWX flow", () => {
  it("asks to sign in when the account appears after its connection (the order a connect fills them in)", async () => {
    const address = accountId(`eip155:1:${devAccount.address}`)
    const prompt = await runState(
      Effect.gen(function* () {
        const connection = yield* Connection
        // The connection first, the account a moment later: sign-in must wait for both.
        yield* SubscriptionRef.update(connection.state, (s) => ({
          ...s,
          status: "connected" as const,
          connections: {
            eip155: { connectorId: "injected", accounts: [address], chainId: networkId("eip155:1") },
          },
        }))
        // (let the sign-in flow see the connection on its own)
        for (let turn = 0; turn < 50; turn++) yield* Effect.yieldNow
        yield* (yield* Account).setCaipAddress("eip155", address)
        yield* waitFor((yield* Modal).state, (s) => s.open)
        return yield* modalView
      }),
      { siwx },
    )
    expect(prompt).toEqual({ open: true, view: "SIWXSignMessage" })
  })

  it("asks to sign in after connecting, stores the verified session, closes, and does not ask again after a reload", async () => {
    const map = new Map<string, string>()
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const first = await runState(
      Effect.gen(function* () {
        const prompt = yield* connectAndAwaitPrompt
        yield* (yield* Siwx).requestSignMessage
        return {
          prompt,
          after: yield* modalView,
          status: (yield* SubscriptionRef.get((yield* Siwx).state)).status,
        }
      }),
      { map, connectors: [wallet.connector], siwx },
    )
    expect(first).toEqual({
      prompt: { open: true, view: "SIWXSignMessage" },
      after: { open: false, view: "SIWXSignMessage" },
      status: "success",
    })
    expect(map.get("@appkit/siwx")).toContain(devAccount.address)

    const reloaded = Effect.runSync(scriptedWallet({ id: "injected" }))
    const again = await runState(
      Effect.gen(function* () {
        yield* (yield* Siwx).check
        return yield* modalView
      }),
      { map, connectors: [reloaded.connector], siwx },
    )
    expect(again.open).toBe(false)
  })

  it("keeps the view open with the error when the wallet declines to sign", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    wallet.reject.add("personal_sign")
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        const error = yield* Effect.flip((yield* Siwx).requestSignMessage)
        return {
          error,
          view: yield* modalView,
          state: yield* SubscriptionRef.get((yield* Siwx).state),
          toast: yield* SubscriptionRef.get((yield* Toast).state),
        }
      }),
      { connectors: [wallet.connector], siwx },
    )
    expect(result.error).toMatchObject({ _tag: "ProviderRpcError", code: 4001 })
    expect(result.view).toEqual({ open: true, view: "SIWXSignMessage" })
    expect(result.state.status).toBe("error")
    expect(result.toast).toMatchObject({ message: "Signature declined", variant: "error", open: true })
  })

  it("when sign-in is required: close is refused, and cancel disconnects", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        const closed = yield* (yield* Modal).close()
        yield* (yield* Siwx).cancel
        return {
          closed,
          view: yield* modalView,
          status: (yield* SubscriptionRef.get((yield* Connection).state)).status,
        }
      }),
      { connectors: [wallet.connector], siwx, options: { ...testOptions, siwxRequired: true } },
    )
    expect(result).toEqual({
      closed: false,
      view: { open: false, view: "SIWXSignMessage" },
      status: "disconnected",
    })
  })

  it("when sign-in is required and the wallet disconnects while it asks, the prompt closes and close works again", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        // Disconnected from the wallet's side (or another tab): nobody is left to sign in.
        yield* (yield* Connection).disconnect()
        // (let the sign-in flow see the change on its own)
        for (let turn = 0; turn < 50; turn++) yield* Effect.yieldNow
        const { closeDisabled } = yield* SubscriptionRef.get((yield* Modal).state)
        return { view: yield* modalView, closeDisabled }
      }),
      { connectors: [wallet.connector], siwx, options: { ...testOptions, siwxRequired: true } },
    )
    expect(result).toEqual({ view: { open: false, view: "SIWXSignMessage" }, closeDisabled: false })
  })

  it("closes the prompt when the wallet moves to an account that is already signed in", async () => {
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    // A session of the other account on eip155:1, as an earlier sign-in stored it.
    const stored = {
      data: {
        accountAddress: other,
        chainId: "eip155:1",
        domain: siwx.domain,
        uri: siwx.uri,
        version: "1",
        nonce: "abcdefgh1234",
        issuedAt: "2020-01-01T00:00:00.000Z",
      },
      message: "signed earlier",
      signature: "0x01",
    }
    const map = new Map([["@appkit/siwx", JSON.stringify([stored])]])
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        yield* (yield* Account).setCaipAddress("eip155", accountId(`eip155:1:${other}`))
        // (let the sign-in flow see the change on its own)
        for (let turn = 0; turn < 50; turn++) yield* Effect.yieldNow
        const { closeDisabled } = yield* SubscriptionRef.get((yield* Modal).state)
        return { view: yield* modalView, closeDisabled }
      }),
      { map, connectors: [wallet.connector], siwx, options: { ...testOptions, siwxRequired: true } },
    )
    expect(result).toEqual({ view: { open: false, view: "SIWXSignMessage" }, closeDisabled: false })
  })

  it("a signature that lands after the wallet moved to another account keeps the prompt open for that account", async () => {
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const gate = Effect.runSync(Deferred.make<void>())
    // The wallet answers personal_sign only once the gate opens (the user is still looking at it).
    const connector = {
      ...wallet.connector,
      request: (request: Parameters<typeof wallet.connector.request>[0]) =>
        request.method === "personal_sign"
          ? Effect.andThen(Deferred.await(gate), wallet.connector.request(request))
          : wallet.connector.request(request),
    }
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        const signing = yield* Effect.forkChild((yield* Siwx).requestSignMessage)
        for (let turn = 0; turn < 50 && !wallet.calls.includes("personal_sign"); turn++)
          yield* Effect.yieldNow
        // Meanwhile the wallet moved to another account, which has no session: the flow asks it to sign in.
        yield* (yield* Account).setCaipAddress("eip155", accountId(`eip155:1:${other}`))
        for (let turn = 0; turn < 50; turn++) yield* Effect.yieldNow
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(signing)
        const { closeDisabled } = yield* SubscriptionRef.get((yield* Modal).state)
        return { view: yield* modalView, closeDisabled }
      }),
      { connectors: [connector], siwx, options: { ...testOptions, siwxRequired: true } },
    )
    expect(result).toEqual({ view: { open: true, view: "SIWXSignMessage" }, closeDisabled: true })
  })

  it("when sign-in is optional: cancel only closes", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const result = await runState(
      Effect.gen(function* () {
        yield* connectAndAwaitPrompt
        yield* (yield* Siwx).cancel
        return {
          view: yield* modalView,
          status: (yield* SubscriptionRef.get((yield* Connection).state)).status,
        }
      }),
      { connectors: [wallet.connector], siwx },
    )
    expect(result).toEqual({ view: { open: false, view: "SIWXSignMessage" }, status: "connected" })
  })

  it("disconnects with 'A problem occurred while trying initialize authentication' when sessions cannot be read", async () => {
    const wallet = Effect.runSync(scriptedWallet({ id: "injected" }))
    const broken = {
      createMessage: () => Effect.die("unreachable"),
      addSession: () => Effect.die("unreachable"),
      getSessions: () => Effect.fail(new SiwxSessionsUnavailableError({ reason: "session backend down" })),
      revokeSession: () => Effect.void,
    }
    const result = await runState(
      Effect.gen(function* () {
        yield* (yield* Connection).connect("injected")
        const toast = yield* waitFor((yield* Toast).state, (s) => s.open)
        const connection = yield* waitFor((yield* Connection).state, (s) => s.status === "disconnected")
        return { toast: toast.message, status: connection.status }
      }),
      { connectors: [wallet.connector], siwx: broken },
    )
    expect(result).toEqual({
      toast: specTexts.toasts.authInitFailed,
      status: "disconnected",
    })
  })

  it("throws the four §5 messages when a precondition is missing", async () => {
    const message = (effect: Effect.Effect<unknown, unknown, never>) =>
      Effect.map(Effect.flip(effect), (e) => (e as Error).message)
    const notEnabled = await runState(Effect.flatMap(Siwx, (s) => message(s.requestSignMessage)))
    const [noAddress, noNetwork, noClient] = await runState(
      Effect.gen(function* () {
        const sign = (yield* Siwx).requestSignMessage
        const account = yield* Account
        const network = yield* Network
        const noAddress = yield* message(sign)
        yield* account.setCaipAddress("eip155", accountId(`eip155:1:${devAccount.address}`))
        const noClient = yield* message(sign)
        yield* network.onWalletChain(networkId("eip155:137"))
        const noNetwork = yield* message(sign)
        return [noAddress, noNetwork, noClient]
      }),
      { siwx },
    )
    expect([notEnabled, noAddress, noNetwork, noClient]).toEqual([
      specTexts.siwx.notEnabled,
      specTexts.siwx.noActiveAddress,
      specTexts.siwx.noActiveNetwork,
      specTexts.siwx.noConnectionClient,
    ])
  })
})
