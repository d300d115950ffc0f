import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type FixtureApi, startFixtureApi, v3Keystore } from "@appkit/fixtures"
import { verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { useSwapStack } from "../features/support"
import { runCli } from "../support/cli"

const keystoreFor = (privateKey: `0x${string}`, password: string) =>
  JSON.stringify(v3Keystore(privateKey, password))

const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const otherKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"

/**
 * `connect --keystore FILE` stores the signer's address and the keystore's path, never its key nor its
 * password: a later command that signs uses that keystore again, its password from APPKIT_KEYSTORE_PASSWORD
 * (or asked, hidden, on a terminal). A wrong password, a missing one, or a file that now holds another
 * account is a clear error (exit 2), and nothing is signed.
 */
describe("a command that signs, after connect --keystore", () => {
  const home = mkdtempSync(join(tmpdir(), "appkit-stored-keystore-"))
  const keystoreFile = join(home, "my key.json")
  beforeAll(async () => {
    writeFileSync(keystoreFile, keystoreFor(key, "pw"))
    const connected = await runCli(["connect", "--keystore", keystoreFile, "--json"], {
      env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: "", APPKIT_KEYSTORE_PASSWORD: "pw" },
    })
    expect(connected.code).toBe(0)
  })
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  const sign = (env: NodeJS.ProcessEnv) =>
    runCli(["sign", "message", "hi", "--json"], {
      env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: "", ...env },
    })

  it("signs with the connected keystore, its password from APPKIT_KEYSTORE_PASSWORD", async () => {
    const result = await sign({ APPKIT_KEYSTORE_PASSWORD: "pw" })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const signed = JSON.parse(result.stdout) as { address: string; signature: `0x${string}` }
    expect(signed.address).toBe(address)
    expect(await verifyMessage({ address, message: "hi", signature: signed.signature })).toBe(true)
  })

  it("a wrong password: a clear error, nothing signed (exit 2)", async () => {
    const result = await sign({ APPKIT_KEYSTORE_PASSWORD: "PW" })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr).error.message).toBe(
      `Keystore ${keystoreFile}: wrong password (MAC mismatch)`,
    )
  })

  it("no password and no terminal to ask on: says where to give it (exit 2)", async () => {
    const result = await sign({ APPKIT_KEYSTORE_PASSWORD: undefined })
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr).error.message).toBe(
      `The connected keystore ${keystoreFile} needs its password: set APPKIT_KEYSTORE_PASSWORD, or run on a terminal to be asked`,
    )
  })

  it("a file that now holds another account: refused, naming both (exit 2)", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "appkit-stored-keystore-other-"))
    const file = join(elsewhere, "my key.json")
    writeFileSync(file, keystoreFor(otherKey, "pw"))
    const other = mkdtempSync(join(tmpdir(), "appkit-stored-keystore-home-"))
    try {
      writeFileSync(
        join(other, "session.json"),
        JSON.stringify({ kind: "keystore", address, chainId: "eip155:1", keystoreFile: file }),
      )
      const result = await runCli(["sign", "message", "hi", "--json"], {
        env: { APPKIT_HOME: other, APPKIT_PRIVATE_KEY: "", APPKIT_KEYSTORE_PASSWORD: "pw" },
      })
      expect(result.stdout).toBe("")
      expect(result.code).toBe(2)
      expect(JSON.parse(result.stderr).error.message).toBe(
        `The keystore ${file} now holds 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, not the connected ${address}: run \`appkit-cli connect --keystore\` again`,
      )
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
      rmSync(other, { recursive: true, force: true })
    }
  })
})

/**
 * A command that only needs the account's address (receive, onramp open) takes it from the stored connection,
 * which holds it: it never opens the keystore, so no password is asked for (nor APPKIT_KEYSTORE_PASSWORD read),
 * and a connected private key needs no key given again. Only the commands that sign open the signer.
 */
describe("a command that only needs the address, after connecting a local signer", () => {
  let api: FixtureApi
  const home = mkdtempSync(join(tmpdir(), "appkit-stored-address-"))
  const keystoreFile = join(home, "key.json")
  beforeAll(async () => {
    api = await startFixtureApi()
    writeFileSync(keystoreFile, keystoreFor(key, "pw"))
  })
  afterAll(async () => {
    await api?.close()
    rmSync(home, { recursive: true, force: true })
  })

  // No password anywhere, and none could be asked for (stdin is a pipe): the keystore must stay shut.
  const env = {
    APPKIT_HOME: home,
    APPKIT_PRIVATE_KEY: "",
    APPKIT_KEYSTORE_PASSWORD: undefined,
    APPKIT_API_URL: "",
    APPKIT_PROJECT_ID: "test",
    APPKIT_CONFIG: "/nonexistent",
    APPKIT_MELD_PUBLIC_KEY: "",
    TZ: "Europe/Berlin",
  }
  const connectAs = (kind: "keystore" | "private-key") =>
    writeFileSync(
      join(home, "session.json"),
      JSON.stringify({
        kind,
        address,
        chainId: "eip155:1",
        ...(kind === "keystore" ? { keystoreFile } : {}),
      }),
    )

  it.each(["keystore", "private-key"] as const)(
    "receive shows the connected %s's address without opening it",
    async (kind) => {
      connectAs(kind)
      const result = await runCli(["receive", "--json"], { env })
      expect(result.stderr).toBe("")
      expect(result.code).toBe(0)
      expect(JSON.parse(result.stdout)).toEqual({ address, chainId: null, caipAddress: null })
    },
  )

  it.each(["keystore", "private-key"] as const)(
    "onramp open buys for the connected %s's address without opening it",
    async (kind) => {
      connectAs(kind)
      const result = await runCli(["onramp", "open", "--amount", "50", "--no-open", "--json"], {
        env: { ...env, APPKIT_API_URL: api.url },
      })
      expect(result.stderr).toBe("")
      expect(result.code).toBe(0)
      expect(JSON.parse(result.stdout).address).toBe(address)
    },
  )

  describe("swap without --execute (a quote for the account)", () => {
    const stack = useSwapStack()
    it.each(["keystore", "private-key"] as const)(
      "quotes for the connected %s's address without opening it",
      async (kind) => {
        connectAs(kind)
        const args = ["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--json"]
        const quoted = await runCli(args, {
          env: { ...env, APPKIT_API_URL: stack().api.url, APPKIT_RPC_URL: stack().anvil.rpcUrl },
        })
        expect(quoted.stderr).toBe("")
        expect(quoted.code).toBe(0)
        expect(JSON.parse(quoted.stdout)).toMatchObject({ executed: false, from: { symbol: "TKA" } })
      },
    )
  })

  it("sign still opens the connected keystore, and so still needs its password", async () => {
    connectAs("keystore")
    const result = await runCli(["sign", "message", "hi", "--json"], { env })
    expect(result.code).toBe(2)
    expect(JSON.parse(result.stderr).error.message).toBe(
      `The connected keystore ${keystoreFile} needs its password: set APPKIT_KEYSTORE_PASSWORD, or run on a terminal to be asked`,
    )
  })
})
