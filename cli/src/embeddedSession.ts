import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import {
  type AppKit,
  type CaipNetworkId,
  createAppKit,
  type EmbeddedFrameHost,
  referenceOf,
  sendsWhenApproved,
} from "@appkit/core"
import type { WindowMessage } from "@appkit/core/embedded"
import { evmProviderClient } from "@appkit/core/evm"
import { type FrameStorage, makeApiClient, startFrame, storageKeys } from "@appkit/secure-site/client"
import { Effect } from "effect"
import { startBudget, timedOut, withinBudget } from "./giveUp"
import { appkitHome } from "./home"
import { CliError, note } from "./output"
import type { EmbeddedConnection } from "./session"
import type { CommandSigner } from "./signer"

/**
 * The embedded wallet in a terminal. A browser runs the secure site's frame page in a hidden iframe; a terminal
 * has none, so the CLI runs that page's own frame handler (`@appkit/secure-site/client`) in process, joined to
 * core's messenger by an in-memory channel that carries messages as postMessage does (cloned, with their
 * origin and source). Everything above it is the core a web app uses — the same §4 flows, cooldown, codes
 * and RPC allowlist — and everything below it is the secure site's HTTPS API, as a browser would call it. The
 * site's session token and this terminal's device id stay in `$APPKIT_HOME/embedded.json` (mode 0600), as
 * the frame keeps them in the secure site's localStorage: a later `sign` or `send` needs no new code.
 */
export const embeddedStoreFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(appkitHome(env), "embedded.json")

/** The app origin the CLI signs in for: the secure site's allowlist must hold it (dev sites allow localhost). */
export const defaultAppOrigin = "http://localhost:5173"

const readEntries = (file: string): Record<string, string> => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"))
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    )
  } catch {
    // Missing or unreadable: the frame starts without a session, as a fresh browser profile does.
    return {}
  }
}

/** The frame's storage in a file; every write goes through a temporary file. */
export const fileFrameStorage = (file: string): FrameStorage => {
  const entries = readEntries(file)
  const save = () => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 })
    renameSync(temporary, file)
  }
  return {
    get: (key) => entries[key] ?? null,
    set: (key, value) => {
      entries[key] = value
      save()
    },
    remove: (key) => {
      delete entries[key]
      save()
    },
  }
}

/** Forgets the session token (sign-out); the device id stays, so the next sign-in is from a known device. */
export const forgetEmbeddedSession = (env: NodeJS.ProcessEnv = process.env): void => {
  const storage = fileFrameStorage(embeddedStoreFile(env))
  if (storage.get(storageKeys.session) !== null) storage.remove(storageKeys.session)
}

export const removeEmbeddedStore = (env: NodeJS.ProcessEnv = process.env): void =>
  rmSync(embeddedStoreFile(env), { force: true })

/** The secure site's frame handler in this process, behind a port that behaves like a window's postMessage. */
export const terminalFrameHost =
  (appOrigin: string, storage: FrameStorage): EmbeddedFrameHost =>
  (secureSiteUrl) => {
    const siteOrigin = new URL(secureSiteUrl).origin
    const appWindow = { name: "appkit-cli" }
    const frameWindow = { name: "secure-site-frame" }
    const listeners = new Set<(message: WindowMessage) => void>()
    // Like a MessagePort before start(): what the frame says before core listens is kept, not lost.
    const early: Array<WindowMessage> = []
    const toApp = (data: unknown) => {
      const message: WindowMessage = { data: structuredClone(data), origin: siteOrigin, source: frameWindow }
      queueMicrotask(() => {
        if (listeners.size === 0) early.push(message)
        for (const listener of listeners) listener(message)
      })
    }
    const deviceId = storage.get(storageKeys.device) ?? randomBytes(32).toString("base64url")
    storage.set(storageKeys.device, deviceId)
    let open = true
    const frame = startFrame(
      {
        hostOrigin: appOrigin,
        parent: appWindow,
        post: (message) => {
          if (open) toApp(message)
        },
        storage,
        api: makeApiClient({
          baseUrl: secureSiteUrl.endsWith("/") ? secureSiteUrl : `${secureSiteUrl}/`,
          deviceId,
          hostOrigin: appOrigin,
          sessionToken: () => storage.get(storageKeys.session) ?? undefined,
        }),
        log: (line) => note(line),
      },
      // The site's API checks the app origin on every call; the frame page's own check would only repeat it.
      true,
    )
    return {
      remove: () => {
        open = false
        listeners.clear()
      },
      port: {
        frameWindow,
        post: (message, targetOrigin) => {
          if (!open) throw new Error("The embedded wallet's frame was closed")
          // postMessage drops a message addressed to another origin.
          if (targetOrigin !== siteOrigin) return
          const data = structuredClone(message)
          queueMicrotask(() => frame.receive({ data, origin: appOrigin, source: appWindow }))
        },
        subscribe: (listener) => {
          listeners.add(listener)
          for (const message of early.splice(0)) listener(message)
          return () => listeners.delete(listener)
        },
      },
    }
  }

export interface EmbeddedTarget {
  readonly secureSiteUrl: string
  readonly appOrigin: string
  readonly chainId: CaipNetworkId
  readonly rpcUrl?: string | undefined
  /** The account to act with: §9's default for eip155 is the smart account. */
  readonly accountType?: "eoa" | "smartAccount" | undefined
}

/** A headless AppKit whose only wallet is the embedded one, on one eip155 chain. */
export const openEmbeddedAppKit = async (
  target: EmbeddedTarget,
  env: NodeJS.ProcessEnv = process.env,
): Promise<AppKit> => {
  const appKit = createAppKit({
    projectId: "appkit-cli",
    networks: [
      {
        id: Number(referenceOf(target.chainId)),
        name: target.chainId,
        caipNetworkId: target.chainId,
        ...(target.rpcUrl === undefined ? {} : { rpcUrl: target.rpcUrl }),
      },
    ],
    metadata: { name: "appkit-cli", description: "", url: "", icons: [] },
    secureSiteUrl: target.secureSiteUrl,
    embeddedFrameHost: terminalFrameHost(target.appOrigin, fileFrameStorage(embeddedStoreFile(env))),
    reconnect: false,
  })
  if (target.accountType !== undefined) await appKit.setPreferredAccountType("eip155", target.accountType)
  return appKit
}

const targetOf = (stored: EmbeddedConnection, chainId?: CaipNetworkId): EmbeddedTarget => ({
  secureSiteUrl: stored.secureSiteUrl,
  appOrigin: stored.appOrigin,
  chainId: chainId ?? stored.chainId,
  accountType: stored.accountType,
})

/** The stored embedded session, connected again (the site's session token, no new code). */
const reopen = async (stored: EmbeddedConnection, chainId?: CaipNetworkId): Promise<AppKit> => {
  const appKit = await openEmbeddedAppKit(targetOf(stored, chainId))
  try {
    await appKit.connect("embedded")
    return appKit
  } catch (error) {
    await appKit.dispose()
    if ((error as { _tag?: string })._tag === "ConnectionError")
      throw new CliError(
        `The embedded wallet's session for ${stored.email ?? stored.address} has ended: run \`appkit-cli connect --email\` (or --social) again`,
        { code: "SessionEnded" },
      )
    throw error
  }
}

/** A request the secure site left unanswered past --timeout; a send may still be broadcast by it. */
const siteDidNotAnswer = (method: string, ms: number): CliError => {
  const expired = timedOut(ms, `The secure site did not answer ${method}`)
  return new CliError(
    sendsWhenApproved(method)
      ? `${expired.message}: it may still broadcast the transaction`
      : expired.message,
    { code: "WalletRequestTimeout" },
  )
}

/**
 * `sign` and `send` through the embedded wallet: an EIP-1193 provider whose requests go through core (its
 * RPC allowlist) to the secure site, which signs — and for eth_sendTransaction broadcasts — on its node.
 * --timeout (`requestTimeoutMs`) is one budget for the reconnection and every request; without it each keeps
 * core's own bound.
 */
export const openEmbeddedSigner = async (
  stored: EmbeddedConnection,
  options: {
    readonly chainId?: CaipNetworkId | undefined
    readonly requestTimeoutMs?: number | undefined
  } = {},
): Promise<CommandSigner> => {
  const budget = await Effect.runPromise(startBudget(options.requestTimeoutMs))
  const reopening = reopen(stored, options.chainId)
  const appKit = await Effect.runPromise(
    Effect.tryPromise({ try: () => reopening, catch: (error) => error }).pipe(
      withinBudget(budget, (ms) => timedOut(ms, "The secure site did not answer the session's reconnection")),
    ),
  ).catch((error: unknown) => {
    // Given up on: a session that still reconnects later is closed then.
    void reopening.then((late) => late.dispose()).catch(() => undefined)
    throw error
  })
  const address = appKit.getState().account.byNamespace.eip155?.address
  if (address === undefined || address.toLowerCase() !== stored.address.toLowerCase()) {
    await appKit.dispose()
    throw new CliError(
      `The embedded wallet now answers with ${address ?? "no account"}, not ${stored.address}: run \`appkit-cli connect\` again`,
      { code: "AccountChanged" },
    )
  }
  let expired: CliError | undefined
  return {
    signer: stored.address as `0x${string}`,
    address: stored.address as `0x${string}`,
    chainId: appKit.getState().network.caipNetwork.caipNetworkId,
    wallet: evmProviderClient({
      request: ({ method, params }) =>
        Effect.runPromise(
          Effect.tryPromise({
            try: () =>
              appKit.walletRequest("eip155", { method, ...(params === undefined ? {} : { params }) }),
            catch: (error) => error,
          }).pipe(
            withinBudget(budget, (ms) => siteDidNotAnswer(method, ms)),
            Effect.tapError((failure) =>
              Effect.sync(() => {
                if (failure instanceof CliError) expired = failure
              }),
            ),
          ),
        ),
    } as Parameters<typeof evmProviderClient>[0]),
    walletName: "The embedded wallet",
    // viem wraps what the provider throws: the command says the expiry in its own words.
    explainFailure: (error) => expired ?? error,
    close: () => appKit.dispose(),
  }
}

/** Signs out at the secure site (bounded by §9's 3 s) and forgets the token here whatever it says. */
export const signOutEmbedded = async (stored: EmbeddedConnection): Promise<boolean> => {
  try {
    const appKit = await reopen(stored)
    try {
      await appKit.disconnect()
      return true
    } finally {
      await appKit.dispose()
    }
  } catch {
    return false
  } finally {
    forgetEmbeddedSession()
  }
}
