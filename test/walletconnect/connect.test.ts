import { readFileSync } from "node:fs"
import { join } from "node:path"
import { type Anvil, startAnvil, startDevWallet, startRelay } from "@appkit/fixtures"
import { createClient, getAddress, http, parseEther, verifyMessage } from "viem"
import { getBalance, getTransactionReceipt } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

// A WalletConnect session between the built `appkit-cli connect` and the dev wallet, through the local
// relay; then requests over that stored session from later CLI processes, as a user would run them.
const stack = useRelayAndWallets("connect")
const { devWallet } = stack

describe("appkit-cli connect over WalletConnect", () => {
  it("pairs with the dev wallet, stores the session, signs over it and disconnects", async () => {
    const wallet = await devWallet()
    const env = cliEnv(stack.relay.url)
    const connected = await connectWith(wallet, env)
    expect(connected.stderr).toBe("")
    expect(connected.code).toBe(0)
    expect(connected.events[0]).toMatchObject({ event: "display_uri", uri: expect.stringMatching(/^wc:/) })
    expect(connected.events[1]).toMatchObject({
      event: "connected",
      address: wallet.address,
      chainId: "eip155:31337",
      walletName: "AppKit Dev Wallet",
    })

    const status = await runCli(["status", "--json"], { env })
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      connected: true,
      kind: "walletconnect",
      address: wallet.address,
    })

    const signed = await runCli(["sign", "message", "hello from the CLI", "--json"], { env })
    expect(signed.stderr).toBe("")
    expect(signed.code).toBe(0)
    const { address, signature } = JSON.parse(signed.stdout)
    expect(address).toBe(wallet.address)
    expect(await verifyMessage({ address: wallet.address, message: "hello from the CLI", signature })).toBe(
      true,
    )

    const disconnected = await runCli(["disconnect", "--json"], { env })
    expect(JSON.parse(disconnected.stdout)).toEqual({
      disconnected: true,
      kind: "walletconnect",
      walletNotified: true,
    })
    const after = await runCli(["status", "--json"], { env })
    expect(after.code).toBe(1)
    expect(JSON.parse(after.stdout)).toEqual({ connected: false })
  })

  it("prints the QR code, the URI and the countdown as plain lines when not asked for JSON", async () => {
    const wallet = await devWallet()
    const connected = await connectWith(wallet, cliEnv(stack.relay.url), { plain: true })
    expect(connected.code).toBe(0)
    expect(connected.lines[0]).toBe("Scan the QR code with a WalletConnect wallet, or paste the URI into it:")
    expect(connected.lines.some((line) => /^[█▀▄ ]+$/.test(line))).toBe(true)
    expect(connected.lines).toContainEqual(expect.stringMatching(/^uri: wc:[0-9a-f]{64}@2\?/))
    expect(connected.lines).toContainEqual(expect.stringMatching(/^Pairing expires in 4:00 \(at /))
    expect(connected.lines.at(-1)).toBe(
      `Connected ${wallet.address} on eip155:31337 through AppKit Dev Wallet`,
    )
  })

  it("disconnect forgets the session even when the relay is gone, without hanging", async () => {
    const ownRelay = await startRelay({ quiet: true })
    const wallet = await startDevWallet({ relayUrl: ownRelay.url, storagePrefix: "wallet-gone" })
    const env = cliEnv(ownRelay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    await wallet.close()
    await ownRelay.close()
    const disconnected = await runCli(["disconnect", "--json"], { env })
    expect(disconnected.code).toBe(0)
    expect(JSON.parse(disconnected.stdout)).toEqual({
      disconnected: true,
      kind: "walletconnect",
      walletNotified: false,
    })
    expect((await runCli(["status"], { env })).code).toBe(1)
  })

  it("reports a rejection in the wallet as 'Signature declined' / 4001", async () => {
    const wallet = await devWallet({ rejectRequests: true })
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const signed = await runCli(["sign", "message", "no thanks"], { env })
    expect(signed.code).toBe(2)
    expect(signed.stdout).toBe("")
    expect(signed.stderr).toBe("Signature declined (code 4001)\n")
  })

  it("fails clearly when the wallet rejects the connection, and stores nothing", async () => {
    const wallet = await devWallet({ rejectProposals: true })
    const env = cliEnv(stack.relay.url)
    const connected = await connectWith(wallet, env)
    expect(connected.code).toBe(2)
    expect(JSON.parse(connected.stderr)).toEqual({
      error: { code: "WalletConnectError", message: "The wallet rejected the connection" },
    })
    expect((await runCli(["status"], { env })).code).toBe(1)
  })

  it("gives up after --timeout when nobody pairs, and its countdown is that timeout", async () => {
    const env = cliEnv(stack.relay.url)
    const started = Date.now()
    const result = await runCli(["connect", "--json", "--timeout", "3s"], { env })
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: "Timeout", message: "No wallet approved within 3 s" },
    })
    const shown = JSON.parse(result.stdout.split("\n")[0] ?? "") as {
      event: string
      expiresAt: string
      endsBy: string
    }
    expect(shown).toMatchObject({ event: "display_uri", endsBy: "timeout", relayUrl: stack.relay.url })
    const left = Date.parse(shown.expiresAt) - started
    expect(left).toBeGreaterThan(2_000)
    expect(left).toBeLessThan(10_000)
    const plain = await runCli(["connect", "--timeout", "2500ms"], { env })
    expect(plain.stdout).toMatch(/^Giving up in 0:0[123] \(--timeout\) \(at /m)
    expect(plain.stderr).toBe("No wallet approved within 2.5 s\n")
  })
})

describe("appkit-cli connect with a local signer", () => {
  // anvil's well-known dev key 1; any valid key would do.
  const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
  const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

  it("stores the address and kind, never the key, and status reports it", async () => {
    const env = cliEnv(stack.relay.url)
    const connected = await runCli(["connect", "--private-key", key, "--chain", "eip155:31337", "--json"], {
      env,
    })
    expect(connected.code).toBe(0)
    expect(JSON.parse(connected.stdout)).toEqual({ kind: "private-key", address, chainId: "eip155:31337" })
    const stored = readFileSync(join(env.APPKIT_HOME, "session.json"), "utf8")
    expect(stored).not.toContain(key.slice(2))
    expect(JSON.parse(stored)).toEqual({ kind: "private-key", address, chainId: "eip155:31337" })
    const status = await runCli(["status"], { env })
    expect(status.stdout).toBe(`Connected: ${address} (local signer, private-key)\n`)
    const disconnected = await runCli(["disconnect", "--json"], { env })
    expect(JSON.parse(disconnected.stdout)).toEqual({
      disconnected: true,
      kind: "private-key",
      walletNotified: false,
    })
  })

  it("refuses a malformed --chain before touching the stored connection", async () => {
    const env = cliEnv(stack.relay.url)
    expect((await runCli(["connect", "--private-key", key, "--chain", "eip155:31337"], { env })).code).toBe(0)
    const typo = await runCli(["connect", "--chain", "eip155:31337:0xabc"], { env })
    expect(typo.code).toBe(1)
    expect(typo.stderr).toMatch(/^--chain: Invalid chain 'eip155:31337:0xabc'/)
    const unknown = await runCli(["connect", "--chain", "tron:0x2b6653dc"], { env })
    expect(unknown.stderr).toBe(
      "--chain: Invalid chain 'tron:0x2b6653dc': 'tron' is not one of eip155, solana, polkadot, bip122, cosmos\n",
    )
    const solana = await runCli(
      ["connect", "--replace", "--chain", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      { env: { ...env, APPKIT_PRIVATE_KEY: key } },
    )
    expect(solana.code).toBe(1)
    expect(solana.stderr).toMatch(/a local signer connects an eip155 network/)
    const status = await runCli(["status", "--json"], { env })
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({ address, chainId: "eip155:31337" })
  })

  it("refuses a malformed key (exit 1)", async () => {
    const result = await runCli(["connect"], {
      env: { ...cliEnv(stack.relay.url), APPKIT_PRIVATE_KEY: "0x1234" },
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe("APPKIT_PRIVATE_KEY is not a 32-byte hex private key\n")
  })
})

describe("appkit-cli send over a WalletConnect session", () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
  })
  afterAll(async () => {
    await anvil.stop()
  })

  it("sends 0.5 ETH through the wallet when no private key is given", async () => {
    const [, receiver] = anvil.accounts
    if (receiver === undefined) throw new Error("anvil gave too few accounts")
    // The dev wallet signs with anvil's account 0 and broadcasts through anvil.
    const wallet = await devWallet({ rpcUrl: anvil.rpcUrl })
    const env = cliEnv(stack.relay.url)
    expect((await connectWith(wallet, env)).code).toBe(0)
    const node = createClient({ transport: http(anvil.rpcUrl) })
    const before = await getBalance(node, { address: receiver.address })
    const sent = await runCli(
      [
        "send",
        "--to",
        receiver.address,
        "--amount",
        "0.5",
        "--chain",
        "eip155:31337",
        "--rpc-url",
        anvil.rpcUrl,
        "--json",
      ],
      { env },
    )
    expect(sent.stderr).toBe("")
    expect(sent.code).toBe(0)
    const result = JSON.parse(sent.stdout)
    expect(result).toMatchObject({
      from: wallet.address,
      to: getAddress(receiver.address),
      status: "success",
    })
    expect(await getBalance(node, { address: receiver.address })).toBe(before + parseEther("0.5"))
    expect((await getTransactionReceipt(node, { hash: result.hash })).from.toLowerCase()).toBe(
      wallet.address.toLowerCase(),
    )
  })
})
