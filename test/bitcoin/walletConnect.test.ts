import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  bip122SessionHandler,
  type DevWallet,
  type FixtureApi,
  type Relay,
  regtestFunding,
  startDevWallet,
  startFixtureApi,
  startRelay,
} from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, runCli } from "../support/cli"

// A bip122 WalletConnect session: `appkit-cli connect` pairs with the dev WalletConnect wallet (its Bitcoin
// side answering from the dev Bitcoin wallet's keys), then `btc` commands run over that stored session.
const regtest = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"

let relay: Relay
let api: FixtureApi
let wallet: DevWallet
let home: string

const env = () => ({
  APPKIT_HOME: home,
  APPKIT_RELAY_URL: relay.url,
  APPKIT_API_URL: api.url,
  APPKIT_PRIVATE_KEY: "",
  APPKIT_BTC_PRIVATE_KEY: "",
})

/** `appkit-cli connect --chain <bip122>` with the printed URI handed to the dev wallet. */
const connect = () =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, "connect", "--chain", regtest, "--json"], {
      env: { ...process.env, ...env() },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`connect did not finish: ${stdout} ${stderr}`))
    }, 30_000)
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      const uri = /"uri":"(wc:[^"]+)"/.exec(chunk)?.[1]
      if (uri) wallet.pair(uri).catch(reject)
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })

beforeAll(async () => {
  ;[relay, api] = await Promise.all([startRelay(), startFixtureApi()])
  home = mkdtempSync(join(tmpdir(), "appkit-btc-wc-"))
  wallet = await startDevWallet({
    relayUrl: relay.url,
    storagePrefix: "bitcoin-wallet",
    bitcoin: bip122SessionHandler({ esploraUrl: api.url }),
  })
})
afterAll(async () => {
  await wallet?.close()
  await Promise.all([relay?.close(), api?.close()])
  if (home) rmSync(home, { recursive: true, force: true })
})

describe("btc commands over a WalletConnect bip122 session", () => {
  it("connects a Bitcoin-only session, signs a message the verifier accepts, and sends through the wallet", async () => {
    const connected = await connect()
    expect(connected.code, connected.stderr).toBe(0)
    const sender = regtestFunding[0]?.address as string
    expect(connected.stdout).toContain(`${regtest}:${sender}`)

    const signed = await runCli(
      ["btc", "sign-message", "over walletconnect", "--network", "regtest", "--json"],
      { env: env(), timeoutMs: 30_000 },
    )
    expect(signed.code, signed.stderr).toBe(0)
    const { address, signature } = JSON.parse(signed.stdout) as { address: string; signature: string }
    expect(address).toBe(sender)
    const verified = await runCli(
      [
        "btc",
        "verify-message",
        "--address",
        address,
        "--message",
        "over walletconnect",
        "--signature",
        signature,
      ],
      {
        env: env(),
      },
    )
    expect(verified).toMatchObject({ code: 0, stdout: "valid (bip322-simple)\n" })

    const recipient = regtestFunding[2]?.address as string
    const before = api.bitcoin.utxos(recipient).length
    const sent = await runCli(
      ["btc", "send", "--to", recipient, "--amount", "0.001", "--network", "regtest", "--json"],
      {
        env: env(),
        timeoutMs: 30_000,
      },
    )
    expect(sent.code, sent.stderr).toBe(0)
    const { txid } = JSON.parse(sent.stdout) as { txid: string }
    expect(api.bitcoin.utxos(recipient)).toHaveLength(before + 1)
    expect(api.bitcoin.utxos(recipient).find((utxo) => utxo.txid === txid)?.value).toBe(100_000)
  })
})
