import { randomBytes } from "node:crypto"
import type { EmbeddedFrameHost } from "@appkit/core"
import {
  type FrameMessenger,
  type FrameRequestOf,
  type FrameRequestTag,
  type FrameResponseOf,
  makeFrameMessenger,
} from "@appkit/core/embedded"
import { FakeWindow, fakeFramePort } from "@appkit/core/testing"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import {
  type FrameStorage,
  makeApiClient,
  type SecureSite,
  type SecureSiteOptions,
  startFrame,
  startSecureSite,
  storageKeys,
} from "@appkit/secure-site"
import { Effect, Exit, Scope } from "effect"
import { type Address, createPublicClient, type Hex, http, toHex, verifyMessage } from "viem"
import { privateKeyToAccount } from "viem/accounts"

/** anvil with a funded sponsor for smart accounts, and a secure site signing on it (with `options` added). */
export const startStack = async (
  options: SecureSiteOptions = {},
): Promise<{
  anvil: Anvil
  site: SecureSite
  stop: () => Promise<void>
}> => {
  const anvil = await startAnvil({ accounts: 3 })
  try {
    const site = await startSecureSite({
      ...options,
      rpcUrl: anvil.rpcUrl,
      sponsorPrivateKey: anvil.accounts[2]?.privateKey as Hex,
    })
    return {
      anvil,
      site,
      stop: async () => {
        await site.close()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/**
 * Sends `value` wei to `to` from anvil's first account (an embedded wallet starts empty) and waits for it. The
 * gas is estimated: a smart account's receive costs more than a plain transfer's 21 000.
 */
export const fundAccount = async (anvil: Anvil, to: Address, value: bigint): Promise<void> => {
  const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  const funder = privateKeyToAccount(anvil.accounts[0]?.privateKey as Hex)
  const raw = await funder.signTransaction({
    to,
    value,
    chainId: anvil.chainId,
    nonce: await chain.getTransactionCount({ address: funder.address, blockTag: "pending" }),
    gas: await chain.estimateGas({ account: funder.address, to, value }),
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1n,
  })
  const receipt = await chain.waitForTransactionReceipt({
    hash: await chain.sendRawTransaction({ serializedTransaction: raw }),
  })
  if (receipt.status !== "success") throw new Error(`Funding ${to} reverted`)
}

/** A frame's storage (the secure site's localStorage), kept across "reloads" when a test passes it on. */
export const memoryStorage = (): FrameStorage & { readonly entries: Map<string, string> } => {
  const entries = new Map<string, string>()
  return {
    entries,
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
  }
}

export const DAPP_ORIGIN = "http://127.0.0.1:5173"

export interface DappSession {
  /** Sends a request through core's messenger, as a dApp does; rejects with the messenger's tagged error. */
  readonly ask: <Tag extends FrameRequestTag>(request: FrameRequestOf<Tag>) => Promise<FrameResponseOf<Tag>>
  readonly messenger: FrameMessenger
  readonly storage: ReturnType<typeof memoryStorage>
  readonly frameLog: ReadonlyArray<string>
  readonly close: () => Promise<void>
}

/**
 * The secure site's real frame handler (talking to the real server over HTTP) in `frameWindow`, embedded in
 * `dapp`: the two exchange messages through windows that enforce origins like a browser. Returns its stop.
 */
const startTestFrame = (
  siteUrl: string,
  dapp: FakeWindow,
  frameWindow: FakeWindow,
  storage: FrameStorage,
  log: (line: string) => void,
): (() => void) => {
  const deviceId = storage.get(storageKeys.device) ?? randomBytes(32).toString("base64url")
  storage.set(storageKeys.device, deviceId)
  const frame = startFrame(
    {
      hostOrigin: DAPP_ORIGIN,
      parent: dapp,
      post: (message) => dapp.deliver(message, DAPP_ORIGIN, frameWindow),
      storage,
      api: makeApiClient({
        baseUrl: `${siteUrl.replace(/\/$/, "")}/`,
        deviceId,
        hostOrigin: DAPP_ORIGIN,
        sessionToken: () => storage.get(storageKeys.session) ?? undefined,
      }),
      log,
    },
    true,
  )
  return frameWindow.subscribe((message) => frame.receive(message))
}

/**
 * A dApp window at DAPP_ORIGIN with the secure site's frame "embedded": core's real messenger on one side, the
 * site's real frame handler on the other (startTestFrame). Passing the storage of an earlier session is a page
 * reload.
 */
export const openDapp = async (site: SecureSite, storage = memoryStorage()): Promise<DappSession> => {
  const dapp = new FakeWindow(DAPP_ORIGIN)
  const frameWindow = new FakeWindow(new URL(site.url).origin)
  const scope = Effect.runSync(Scope.make())
  const messenger = await Effect.runPromise(
    Scope.provide(scope)(
      makeFrameMessenger({ port: fakeFramePort(dapp, frameWindow), secureSiteOrigin: frameWindow.origin }),
    ),
  )
  const frameLog: Array<string> = []
  const unsubscribe = startTestFrame(site.url, dapp, frameWindow, storage, (line) => void frameLog.push(line))
  return {
    ask: (request) => Effect.runPromise(messenger.request(request)),
    messenger,
    storage,
    frameLog,
    close: async () => {
      unsubscribe()
      await Effect.runPromise(Scope.close(scope, Exit.void))
    },
  }
}

/** Signs `email` in on `session` with the code the site mails (a new device's approval link is not handled). */
export const signInByEmail = async (site: SecureSite, session: DappSession, email: string): Promise<void> => {
  const sent = Date.now()
  const step = await session.ask({ _tag: "ConnectEmail", email })
  if (step.action !== "VERIFY_OTP")
    throw new Error(`Expected a code for ${email}, got ${JSON.stringify(step)}`)
  const answer = await session.ask({ _tag: "ConnectOtp", otp: await site.readCode(email, { after: sent }) })
  if (Object.keys(answer).length > 0)
    throw new Error(`Unexpected answer to the code: ${JSON.stringify(answer)}`)
}

/** Whether `session`'s wallet signs `message` (personal_sign) as `address`, checked with viem. */
export const signsAs = async (session: DappSession, address: Address, message: string): Promise<boolean> => {
  const signature = await session.ask({
    _tag: "RpcRequest",
    method: "personal_sign",
    params: [toHex(message), address],
  })
  return verifyMessage({ address, message, signature: signature as Hex })
}

/** createAppKit's `embeddedFrameHost` for a dApp at DAPP_ORIGIN: the site's real frame handler (startTestFrame). */
export const testFrameHost =
  (storage: FrameStorage = memoryStorage()): EmbeddedFrameHost =>
  (secureSiteUrl) => {
    const dapp = new FakeWindow(DAPP_ORIGIN)
    const frameWindow = new FakeWindow(new URL(secureSiteUrl).origin)
    const port = fakeFramePort(dapp, frameWindow)
    // The frame "loads" once core listens, as an iframe's page does after the messenger's listener is set:
    // FakeWindow keeps no messages for later, so its ready message would otherwise be lost.
    let stopFrame: (() => void) | undefined
    return {
      port: {
        ...port,
        subscribe: (listener) => {
          const unsubscribe = port.subscribe(listener)
          stopFrame ??= startTestFrame(secureSiteUrl, dapp, frameWindow, storage, () => undefined)
          return unsubscribe
        },
      },
      remove: () => stopFrame?.(),
    }
  }

/** What a rejected `ask` carried: the tagged error's tag and §8 text. */
export const failureOf = async (
  promise: Promise<unknown>,
): Promise<{ readonly tag: string; readonly message: string }> => {
  try {
    await promise
  } catch (error) {
    const { _tag, message } = error as { _tag?: string; message?: string }
    return { tag: _tag ?? "", message: message ?? "" }
  }
  throw new Error("expected the request to fail")
}

/**
 * A user signing in at the local OpenID provider, as a browser does: follows the redirects (keeping the
 * provider's cookies), submits the login form, and stops at the secure site's callback URL.
 */
export const signInAtProvider = async (authorizationUrl: string, login: string): Promise<string> => {
  const cookies = new Map<string, string>()
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      signal: AbortSignal.timeout(10_000),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";")
      const at = pair?.indexOf("=") ?? -1
      if (pair !== undefined && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  let url = authorizationUrl
  for (let hop = 0; hop < 10; hop++) {
    const response = await send(url)
    const location = response.headers.get("location")
    if (location !== null) {
      url = new URL(location, url).href
      if (new URL(url).pathname === "/auth/callback") return url
      continue
    }
    const page = await response.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1]
    if (action === undefined) throw new Error(`No login form at ${url}: ${page.slice(0, 200)}`)
    const submitted = await send(new URL(action, url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ login }).toString(),
    })
    const next = submitted.headers.get("location")
    if (next === null) throw new Error(`The provider did not redirect after login: ${await submitted.text()}`)
    url = new URL(next, url).href
    if (new URL(url).pathname === "/auth/callback") return url
  }
  throw new Error("Too many redirects")
}
