import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { verifyMessage } from "viem"
import { afterAll, describe, expect, it, vi } from "vitest"
import { cliPath, runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

// Issue 8's hostile cases on the local stack: the built CLI, the dev wallet (in this process, or as its own
// process that gets killed), real sign-clients on both sides, the local relay.
const stack = useRelayAndWallets("trust")
const { devWallet } = stack

/** A wallet that logs what it does into a list the test can wait on. */
const loggingWallet = async () => {
  const lines: Array<string> = []
  const wallet = await devWallet({ log: (line) => lines.push(line) })
  return { wallet, lines }
}

// anvil's account 1: the account a wallet switches to.
const account1 = {
  key: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
} as const

const signMessage = (env: NodeJS.ProcessEnv, text: string, extra: ReadonlyArray<string> = []) =>
  runCli(["sign", "message", text, "--json", ...extra], { env, timeoutMs: 30_000 })

describe("a second connect never costs the working session", { timeout: 60_000 }, () => {
  it("is refused while connected, wagmi-style, and the first session keeps working", async () => {
    const { wallet } = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const again = await runCli(["connect", "--chain", "eip155:31337", "--json"], { env })
    expect(again.code).toBe(2)
    expect(JSON.parse(again.stderr)).toEqual({
      error: {
        code: "AlreadyConnected",
        message: `Already connected: ${wallet.address} through AppKit Dev Wallet. Run \`appkit-cli disconnect\` first, or \`appkit-cli connect --replace\` to keep it until the new connection is approved`,
      },
    })
    const signed = await signMessage(env, "still here")
    expect(signed.code).toBe(0)
  })

  it("--replace abandoned (nobody approves): the old session stays, and its wallet is never told", async () => {
    const { wallet, lines } = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const abandoned = await runCli(["connect", "--replace", "--timeout", "2s", "--json"], { env })
    expect(abandoned.code).toBe(2)
    expect(JSON.parse(abandoned.stderr).error.message).toBe("No wallet approved within 2 s")
    const status = await runCli(["status", "--json"], { env })
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      connected: true,
      checked: true,
      address: wallet.address,
    })
    const signed = await signMessage(env, "after an abandoned replace")
    expect(signed.code).toBe(0)
    expect(lines).not.toContain("session ended by the dApp")
  })

  it("--replace approved: the new session takes over, and only then is the old wallet told", async () => {
    const first = await loggingWallet()
    const second = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(first.wallet, env)).code).toBe(0)
    const replaced = await connectWith(second.wallet, env, { args: ["--replace"] })
    expect(replaced.code).toBe(0)
    expect(replaced.events.at(-1)).toMatchObject({ event: "connected", replaced: first.wallet.address })
    await vi.waitFor(() => expect(first.lines).toContain("session ended by the dApp"))
    const signed = await signMessage(env, "to the second wallet")
    expect(signed.code).toBe(0)
    expect(second.lines).toContain("answered personal_sign")
    expect(first.lines.filter((line) => line.startsWith("answered"))).toEqual([])
  })
})

describe("a wallet that dies mid-session", { timeout: 60_000 }, () => {
  let walletProcess: ChildProcess | undefined
  afterAll(() => {
    walletProcess?.kill("SIGKILL")
  })

  it("kill -9 of `dev wallet`: sign message fails within its bound, naming the wallet and what to do", async () => {
    const env = cliEnv(stack.relay.url)
    let output = ""
    const connected = await connectWith(
      {
        pair: async (uri) => {
          walletProcess = spawn(process.execPath, [cliPath, "dev", "wallet", "--uri", uri], {
            env: { ...process.env, ...env },
            stdio: ["ignore", "pipe", "pipe"],
          })
          walletProcess.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
        },
      },
      env,
    )
    expect(connected.code).toBe(0)
    expect((await signMessage(env, "while alive")).code).toBe(0)

    const exited = once(walletProcess as ChildProcess, "exit")
    walletProcess?.kill("SIGKILL")
    await exited
    const started = Date.now()
    const signed = await signMessage(env, "after kill -9", ["--timeout", "4s"])
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(signed.code).toBe(2)
    expect(signed.stdout).toBe("")
    expect(JSON.parse(signed.stderr)).toEqual({
      error: {
        code: "WalletRequestTimeout",
        message:
          "AppKit Dev Wallet did not answer personal_sign within 4s: check that the wallet is open and still connected, then try again. The request is still pending in AppKit Dev Wallet and may yet be approved there: an approval given now no longer reaches this command. The session is still open on this side; if the wallet was closed, open it again (or run `appkit-cli connect`)",
      },
    })
    expect(output).toContain("answered personal_sign")
  })
})

describe("what the wallet did while no CLI process ran", { timeout: 60_000 }, () => {
  it("an account switch: status says so, and the signature is the new account's", async () => {
    const { wallet } = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    // The wallet's update waits for the dApp's acknowledgement, which the next CLI process gives.
    const switched = wallet.selectAccount(account1.key)
    const status = await runCli(["status", "--json"], { env })
    await switched
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      connected: true,
      checked: true,
      changed: true,
      address: account1.address,
    })
    const signed = await signMessage(env, "from the new account")
    expect(signed.code).toBe(0)
    const { address, signature } = JSON.parse(signed.stdout)
    expect(address).toBe(account1.address)
    expect(await verifyMessage({ address, message: "from the new account", signature })).toBe(true)
  })

  it("a session ended in the wallet: status says not connected, and sign fails at once instead of hanging", async () => {
    const { wallet } = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    await wallet.disconnectAll()
    const status = await runCli(["status"], { env })
    expect(status.code).toBe(1)
    expect(status.stdout).toBe(
      "Not connected: AppKit Dev Wallet ended the WalletConnect session (the relay said so just now)\n",
    )
    // The ended session was forgotten: the next commands see no connection at all.
    const signed = await signMessage(env, "nobody listens")
    expect(signed.code).toBe(2)
    expect(JSON.parse(signed.stderr).error.code).toBe("NotConnected")
    const connectedAgain = await connectWith(await devWallet(), env)
    expect(connectedAgain.code).toBe(0)
  })

  it("a session missing from this machine's sign-client store: status and sign say so, not that the wallet ended it", async () => {
    const { wallet, lines } = await loggingWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    // A fresh storage: the session record is there, the sign-client state (its keys) is not.
    const store = join(env.APPKIT_HOME, "walletconnect.json")
    const sessionRecord = readFileSync(join(env.APPKIT_HOME, "session.json"), "utf8")
    rmSync(store)
    const notStored = `Not connected: the WalletConnect session with AppKit Dev Wallet is not in ${store} (a fresh or replaced store: its keys are gone, the wallet did not end it): run \`appkit-cli connect\` to pair again`
    const status = await runCli(["status"], { env })
    expect(status.code).toBe(1)
    expect(status.stdout).toBe(`${notStored}\n`)
    // Each run clears the unusable record, and its sign-client writes a fresh store: both are set back.
    writeFileSync(join(env.APPKIT_HOME, "session.json"), sessionRecord)
    rmSync(store, { force: true })
    const json = await runCli(["status", "--json"], { env })
    expect(JSON.parse(json.stdout)).toMatchObject({
      connected: false,
      endedByWallet: false,
      storeFile: store,
    })
    writeFileSync(join(env.APPKIT_HOME, "session.json"), sessionRecord)
    rmSync(store, { force: true })
    const signed = await signMessage(env, "to a session this machine lost")
    expect(signed.code).toBe(2)
    expect(JSON.parse(signed.stderr)).toEqual({ error: { code: "SessionNotStored", message: notStored } })
    expect(lines.filter((line) => line.startsWith("answered"))).toEqual([])
  })

  it("a wallet that signs with another key than the session's account: nothing is printed as its signature", async () => {
    const wallet = await devWallet({ signingKey: account1.key })
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const signed = await signMessage(env, "whose signature?")
    expect(signed.code).toBe(2)
    expect(signed.stdout).toBe("")
    expect(JSON.parse(signed.stderr)).toEqual({
      error: {
        code: "SignatureMismatch",
        message: `AppKit Dev Wallet returned a signature that does not recover to ${wallet.address} (it recovers to ${account1.address}); it was not printed. Check the account in the wallet (appkit-cli status) and sign again`,
      },
    })
  })
})

describe("a corrupt stored session", () => {
  it("gives one line, once", async () => {
    const env = cliEnv(stack.relay.url)
    const { writeFileSync, mkdirSync } = await import("node:fs")
    mkdirSync(env.APPKIT_HOME, { recursive: true })
    writeFileSync(`${env.APPKIT_HOME}/session.json`, "{ not json")
    const status = await runCli(["status"], { env })
    expect(status.code).toBe(1)
    expect(status.stderr).toBe(
      `The stored connection in ${env.APPKIT_HOME}/session.json was unreadable and has been removed: run \`appkit-cli connect\` again\n`,
    )
    const after = await runCli(["status"], { env })
    expect(after).toMatchObject({ code: 1, stdout: "Not connected\n", stderr: "" })
  })
})
