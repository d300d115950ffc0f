import { spawn } from "node:child_process"
import { networkId } from "@appkit/core/testing"
import { type DevWallet, type Relay, startDevWallet, startRelay } from "@appkit/fixtures"
import { Cause, Effect, Exit } from "effect"
import { verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, runCli } from "../support/cli"
import { cliEnv, connectWith, proposeTo } from "./support"

// `appkit-cli dev wallet` as a separate process: the wallet a developer runs next to `appkit-cli connect`.
let relay: Relay

beforeAll(async () => {
  relay = await startRelay({ quiet: true })
})
afterAll(async () => {
  await relay.close()
})

describe("appkit-cli dev wallet", () => {
  it("pairs with the URI of a running connect and answers requests until stopped", async () => {
    const env = cliEnv(relay.url)
    let walletProcess: ReturnType<typeof spawn> | undefined
    let walletOutput = ""
    const connected = await connectWith(
      {
        pair: async (uri) => {
          walletProcess = spawn(process.execPath, [cliPath, "dev", "wallet", "--uri", uri], {
            env: { ...process.env, ...env },
            stdio: ["ignore", "pipe", "pipe"],
          })
          walletProcess.stdout?.setEncoding("utf8").on("data", (chunk: string) => (walletOutput += chunk))
          walletProcess.stderr?.setEncoding("utf8").on("data", (chunk: string) => (walletOutput += chunk))
        },
      },
      env,
    )
    expect(connected.code).toBe(0)
    const signed = await runCli(["sign", "message", "from the dev wallet", "--json"], { env })
    expect(signed.code).toBe(0)
    const { address, signature } = JSON.parse(signed.stdout)
    expect(await verifyMessage({ address, message: "from the dev wallet", signature })).toBe(true)

    const exited = new Promise((resolve) => walletProcess?.once("close", resolve))
    walletProcess?.kill("SIGTERM")
    expect(await exited).toBe(0)
    expect(walletOutput).toContain(`Dev wallet ${address} pairing`)
    expect(walletOutput).toContain("approved session for appkit-cli on eip155:31337")
    expect(walletOutput).toContain("answered personal_sign")
  })

  it("gives up pairing through a relay it cannot reach, and exits", async () => {
    const uri = `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"0".repeat(64)}`
    const dead = ["--uri", uri, "--relay-url", "ws://127.0.0.1:1"]
    const result = await runCli(["dev", "wallet", ...dead, "--pair-timeout", "1"], { env: cliEnv(relay.url) })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe("Pairing failed: the relay did not answer within 1 s\n")
    const zero = await runCli(["dev", "wallet", ...dead, "--pair-timeout", "0"], { env: cliEnv(relay.url) })
    expect(zero).toMatchObject({
      code: 1,
      stderr:
        "--pair-timeout must be a positive duration in seconds (e.g. 10, 2.5, 10s or 500ms) up to a day, got '0'\n",
    })
  })

  it("refuses a URI that is not a wc: URI", async () => {
    const result = await runCli(["dev", "wallet", "--uri", "https://example.com"], { env: cliEnv(relay.url) })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe("--uri must be a wc: URI, got 'https://example.com'\n")
  })
})

/** `proposeTo` on this file's relay, connecting on the first of `chains`. */
const connectThrough = <A>(
  wallet: DevWallet,
  name: string,
  chains: ReadonlyArray<string>,
  use: Parameters<typeof proposeTo<A, unknown>>[1],
) =>
  Effect.runPromise(
    proposeTo(
      {
        relayUrl: relay.url,
        wallet,
        chains,
        name,
        storagePrefix: `dapp-${name}`,
        chainId: networkId(chains[0] as string),
      },
      use,
    ),
  )

describe("the dev wallet answers a proposal it cannot serve with a refusal, at once", () => {
  it("5100 Unsupported chains, naming the chain and the cause: the dApp hears it, not its own timeout", async () => {
    const lines: Array<string> = []
    // A mnemonic that is none: the wallet holds its EVM key, but cannot make a Solana account.
    const wallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: "wallet-unservable",
      mnemonic: "not a mnemonic",
      log: (line) => lines.push(line),
    })
    const solana = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    try {
      const connected = await connectThrough(wallet, "unservable", ["eip155:1", solana], (_, exit) =>
        Effect.succeed(exit),
      )
      const error = Exit.isFailure(connected) ? Cause.squash(connected.cause) : undefined
      expect(error).toMatchObject({ _tag: "WalletConnectError", reason: "proposalRejected" })
      expect((error as Error).message).toBe(
        `The wallet rejected the connection: Unsupported chains. ${solana}: Invalid mnemonic`,
      )
      expect(lines).toEqual([
        `rejected proposal from unservable: Unsupported chains. ${solana}: Invalid mnemonic`,
      ])
    } finally {
      await wallet.close()
    }
  })

  it("a user's refusal stays 'The wallet rejected the connection', 5000 User rejected", async () => {
    const lines: Array<string> = []
    const wallet = await startDevWallet({
      relayUrl: relay.url,
      storagePrefix: "wallet-refusing",
      rejectProposals: true,
      log: (line) => lines.push(line),
    })
    try {
      const connected = await connectThrough(wallet, "refused", ["eip155:1"], (_, exit) =>
        Effect.succeed(exit),
      )
      const error = Exit.isFailure(connected) ? Cause.squash(connected.cause) : undefined
      expect(error).toMatchObject({ _tag: "WalletConnectError", reason: "proposalRejected" })
      expect((error as Error).message).toBe("The wallet rejected the connection")
      expect(lines).toEqual(["rejected proposal from refused: User rejected."])
    } finally {
      await wallet.close()
    }
  })
})

describe("the dev wallet answers wallet_switchEthereumChain as a real wallet does", () => {
  it("null for a chain of the session, 4902 for one it does not hold", async () => {
    const wallet = await startDevWallet({ relayUrl: relay.url, storagePrefix: "wallet-switch" })
    const answers = await connectThrough(
      wallet,
      "switch",
      ["eip155:31337", "eip155:1"],
      (connector, connected) =>
        Effect.gen(function* () {
          if (Exit.isFailure(connected)) return yield* Effect.die(Cause.squash(connected.cause))
          const switchTo = (chainId: string) =>
            connector.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] })
          return {
            held: yield* switchTo("0x1"),
            unknown: yield* Effect.flip(switchTo("0xaa36a7")),
            malformed: yield* Effect.flip(
              connector.request({ method: "wallet_switchEthereumChain", params: [] }),
            ),
          }
        }),
    )
    await wallet.close()
    expect(answers.held).toBeNull()
    expect(answers.unknown).toMatchObject({ _tag: "ProviderRpcError", code: 4902 })
    expect(answers.malformed).toMatchObject({ _tag: "ProviderRpcError", code: -32602 })
  })
})
