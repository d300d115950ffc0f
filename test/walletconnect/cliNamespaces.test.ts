import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { referenceVectors } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

// `appkit-cli connect --chain solana:…|polkadot:…|cosmos:…` pairs with the dev wallet through the local
// relay; `status` lists every namespace of the session; `sign message --chain solana:…` signs over it;
// `balance` and `send` on polkadot and cosmos answer 'Unsupported chain' without asking any node.

const stack = useRelayAndWallets("cli-namespaces")
const polkadot = "polkadot:91b171bb158e2d3848fa23a9f1c25182"
const cosmos = "cosmos:cosmoshub-4"
const solana = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const dev = {
  polkadot: referenceVectors.polkadot.sr25519.polkadot,
  cosmos: referenceVectors.cosmos.address,
  solana: referenceVectors.solana.address,
}

/** A node that counts what reaches it: a command that must not ask anything leaves it at zero. */
let requests = 0
const node = createServer((_, response) => {
  requests += 1
  response.writeHead(500).end()
})
let nodeUrl: string
beforeAll(async () => {
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve))
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())))

describe("appkit-cli on the solana, polkadot and cosmos namespaces over WalletConnect", () => {
  it("connects, lists every namespace in status, and signs a message with the session's Solana account", async () => {
    const wallet = await stack.devWallet()
    const env = cliEnv(stack.relay.url)
    const connected = await connectWith(wallet, env, {
      args: ["--chain", solana, "--chain", polkadot, "--chain", cosmos],
    })
    expect(connected.stderr).toBe("")
    expect(connected.code).toBe(0)
    expect(connected.events[1]?.accounts).toEqual(
      expect.arrayContaining([
        `${solana}:${dev.solana}`,
        `${polkadot}:${dev.polkadot}`,
        `${cosmos}:${dev.cosmos}`,
      ]),
    )

    const status = await runCli(["status", "--json"], { env })
    expect(status.code).toBe(0)
    const { namespaces } = JSON.parse(status.stdout) as { namespaces: Record<string, ReadonlyArray<string>> }
    expect(Object.keys(namespaces).sort()).toEqual(["cosmos", "eip155", "polkadot", "solana"])
    expect(namespaces.solana).toEqual([`${solana}:${dev.solana}`])
    expect(namespaces.polkadot).toEqual([`${polkadot}:${dev.polkadot}`])
    const text = await runCli(["status"], { env })
    expect(text.stdout).toContain(`  cosmos: ${cosmos}:${dev.cosmos}`)

    const signed = await runCli(["sign", "message", "hello solana", "--chain", solana, "--json"], { env })
    expect(signed.stderr).toBe("")
    const { address, signature } = JSON.parse(signed.stdout) as { address: string; signature: string }
    expect(address).toBe(dev.solana)
    const bytes = new TextEncoder().encode("hello solana")
    expect(ed25519.verify(base58.decode(signature), bytes, base58.decode(dev.solana))).toBe(true)

    for (const chain of [polkadot, cosmos]) {
      const balance = await runCli(["balance", "x", "--chain", chain, "--rpc-url", nodeUrl, "--json"], {
        env,
      })
      expect(balance.code).toBe(1)
      expect(JSON.parse(balance.stderr)).toEqual({
        error: { code: "UnsupportedSendChainError", message: `--chain ${chain}: Unsupported chain` },
      })
      const send = await runCli(
        ["send", "--chain", chain, "--to", "x", "--amount", "1", "--rpc-url", nodeUrl],
        {
          env,
        },
      )
      expect([send.code, send.stderr]).toEqual([1, `--chain ${chain}: Unsupported chain\n`])
    }
    expect(requests).toBe(0)

    await runCli(["disconnect"], { env })
  })

  it("refuses to sign on a solana chain the session has no account on", async () => {
    const wallet = await stack.devWallet()
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const signed = await runCli(["sign", "message", "x", "--chain", solana, "--json"], { env })
    expect(signed.code).toBe(2)
    expect(JSON.parse(signed.stderr).error).toMatchObject({
      code: "NotConnected",
      message: expect.stringContaining(`no account on ${solana}`),
    })
    await runCli(["disconnect"], { env })
  })

  it("sign message without --chain signs with the session's eip155 account, whichever namespace it connected first", async () => {
    const wallet = await stack.devWallet()
    const env = cliEnv(stack.relay.url)
    const connected = await connectWith(wallet, env, { chains: [solana, polkadot, "eip155:31337"] })
    expect(connected.code).toBe(0)
    const signed = await runCli(["sign", "message", "hello", "--json"], { env })
    expect(signed.stderr).toBe("")
    expect(signed.code).toBe(0)
    expect(JSON.parse(signed.stdout)).toMatchObject({ address: wallet.address })
    await runCli(["disconnect"], { env })

    // A session without an eip155 account is told so, not refused by a wallet asked on solana.
    const solanaOnly = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, solanaOnly, { chains: [solana] })).code).toBe(0)
    const refused = await runCli(["sign", "message", "hello", "--json"], { env: solanaOnly })
    expect(refused.code).toBe(2)
    expect(JSON.parse(refused.stderr).error).toMatchObject({
      code: "NotConnected",
      message: expect.stringContaining("no eip155 account"),
    })
    await runCli(["disconnect"], { env: solanaOnly })
  })
})
