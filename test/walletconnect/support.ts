import { spawn } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  type CaipNetworkId,
  type Connection,
  fromMap,
  makeWalletConnectConnector,
  Storage,
  type WalletConnectConnector,
} from "@appkit/core"
import {
  type DevWallet,
  type DevWalletOptions,
  type Relay,
  startDevWallet,
  startRelay,
} from "@appkit/fixtures"
import { Effect, type Exit, Fiber, Layer, Option, Stream } from "effect"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { cliPath } from "../support/cli"

/**
 * A local relay for the test file, and dev wallets on it (each with its own storage prefix), all closed
 * after the file's tests. `relay` is there once the tests run. What the wallets did during a test (each
 * wallet's log: approved, rejected, answered, failed) is printed when that test fails.
 */
export const useRelayAndWallets = (name: string) => {
  let relay: Relay | undefined
  const wallets: Array<DevWallet> = []
  const walletLog: Array<string> = []
  beforeAll(async () => {
    relay = await startRelay({ quiet: true })
  })
  beforeEach(({ onTestFailed }) => {
    const from = walletLog.length
    onTestFailed(() => {
      const lines = walletLog.slice(from)
      console.error(
        lines.length === 0
          ? "The dev wallets logged nothing during this test."
          : `What the dev wallets did during this test:\n${lines.join("\n")}`,
      )
    })
  })
  afterAll(async () => {
    for (const wallet of wallets) await wallet.close()
    await relay?.close()
  })
  const started = () => {
    if (relay === undefined) throw new Error("the relay starts before the tests")
    return relay
  }
  return {
    get relay() {
      return started()
    },
    devWallet: async (options: Omit<DevWalletOptions, "relayUrl" | "storagePrefix"> = {}) => {
      const storagePrefix = `${name}-wallet-${wallets.length}`
      const wallet = await startDevWallet({
        relayUrl: started().url,
        storagePrefix,
        ...options,
        log: (line) => {
          walletLog.push(`[${storagePrefix}] ${line}`)
          options.log?.(line)
        },
      })
      wallets.push(wallet)
      return wallet
    },
  }
}

/**
 * A relay that takes the TCP connection and never answers the WebSocket upgrade, for the file's tests, and
 * `sessionOn(env)`: `env` with a copy of its CLI home whose stored session names it (the same session, its
 * relay now hanging). `url` is there once the tests run.
 */
export const useHungRelay = () => {
  const sockets = new Set<Socket>()
  let silent: Server | undefined
  let url = ""
  beforeAll(async () => {
    const server = createServer((socket) => sockets.add(socket))
    silent = server
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    url = `ws://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()))
  })
  return {
    get url() {
      return url
    },
    sessionOn: (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
      const home = mkdtempSync(join(tmpdir(), "appkit-hung-"))
      cpSync(env.APPKIT_HOME as string, home, { recursive: true })
      const file = join(home, "session.json")
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), relayUrl: url }))
      return { ...env, APPKIT_HOME: home }
    },
  }
}

/** A fresh CLI home (no stored connection) pointed at `relayUrl`, with no private key in the environment. */
export const cliEnv = (relayUrl: string) => ({
  APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-wc-")),
  APPKIT_RELAY_URL: relayUrl,
  APPKIT_PRIVATE_KEY: "",
})

/**
 * Runs `appkit-cli connect` (JSON lines unless `plain`) and hands the URI it prints to `wallet` as soon as
 * it appears (the way a user scans the QR code), then waits for the command to finish.
 */
export const connectWith = (
  wallet: Pick<DevWallet, "pair">,
  env: NodeJS.ProcessEnv,
  options: {
    readonly plain?: boolean
    readonly args?: ReadonlyArray<string>
    /** The --chain flags (default: the local anvil's eip155:31337). */
    readonly chains?: ReadonlyArray<string>
  } = {},
) =>
  new Promise<{
    code: number | null
    events: Array<Record<string, unknown>>
    lines: Array<string>
    stderr: string
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cliPath,
        "connect",
        ...(options.chains ?? ["eip155:31337"]).flatMap((chain) => ["--chain", chain]),
        ...(options.plain ? [] : ["--json"]),
        ...(options.args ?? []),
      ],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    const events: Array<Record<string, unknown>> = []
    const printed: Array<string> = []
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`connect did not finish: ${stdout} ${stderr}`))
    }, 20_000)
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      const lines = stdout.split("\n")
      stdout = lines.pop() ?? ""
      for (const line of lines) {
        printed.push(line)
        if (options.plain) {
          if (line.startsWith("uri: ")) wallet.pair(line.slice("uri: ".length)).catch(reject)
          continue
        }
        if (!line.startsWith("{")) continue
        const event = JSON.parse(line) as Record<string, unknown>
        events.push(event)
        if (event.event === "display_uri") wallet.pair(String(event.uri)).catch(reject)
      }
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, events, lines: printed, stderr })
    })
  })

/** What a dApp's WalletConnect connector (the core's) needs to propose to a dev wallet on the local relay. */
export interface ProposalOptions {
  readonly relayUrl: string
  /** Pairs with the URI the connector shows, as a user scanning the QR code. */
  readonly wallet: Pick<DevWallet, "pair">
  readonly chains: ReadonlyArray<string>
  /** The dApp's name in its metadata (the wallet's log names it). */
  readonly name: string
  readonly storagePrefix: string
  /** The chain to connect on; by default the connector's own choice. */
  readonly chainId?: CaipNetworkId | undefined
}

/**
 * A dApp's connector on `chains` (its storage in memory) proposing to `wallet`, which pairs with the URI it
 * shows; `use` runs with the connector and the outcome of its connect (a refusal too), then all is closed.
 */
export const proposeTo = <A, E>(
  options: ProposalOptions,
  use: (
    connector: WalletConnectConnector,
    connected: Exit.Exit<Connection, Effect.Error<ReturnType<WalletConnectConnector["connect"]>>>,
  ) => Effect.Effect<A, E>,
) =>
  Effect.gen(function* () {
    const connector = yield* makeWalletConnectConnector({
      projectId: "test",
      relayUrl: options.relayUrl,
      chains: options.chains,
      metadata: { name: options.name, description: "test dApp", url: "http://127.0.0.1", icons: [] },
      storagePrefix: options.storagePrefix,
    })
    const uri = yield* Effect.forkChild(
      Stream.runHead(Stream.filter(connector.events, (event) => event._tag === "display_uri")),
    )
    yield* Effect.yieldNow
    const connecting = yield* Effect.forkChild(
      connector.connect(options.chainId === undefined ? undefined : { chainId: options.chainId }),
    )
    const shown = Option.getOrThrow(yield* Fiber.join(uri))
    if (shown._tag !== "display_uri")
      return yield* Effect.die(new Error("the connector showed no pairing URI"))
    yield* Effect.promise(() => options.wallet.pair(shown.uri))
    return yield* use(connector, yield* Effect.exit(Fiber.join(connecting)))
  }).pipe(Effect.scoped, Effect.provide(Layer.succeed(Storage, fromMap(new Map()))))
