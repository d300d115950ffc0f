import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { v3Keystore } from "@appkit/fixtures"
import { verifyMessage } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
