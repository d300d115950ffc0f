import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { accountId, networkId } from "@appkit/core/testing"
import { describe, expect, it } from "vitest"
import {
  clearConnection,
  readConnection,
  type StoredConnection,
  sessionFile,
  walletConnectStoreFile,
  writeConnection,
} from "./session"

const freshHome = () => ({ APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-session-")) })

const walletConnect: StoredConnection = {
  kind: "walletconnect",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  chainId: networkId("eip155:31337"),
  accounts: [accountId("eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")],
  topic: "a".repeat(64),
  relayUrl: "ws://127.0.0.1:1234",
  projectId: "local",
  expiry: 1_900_000_000,
}

describe("stored connection", () => {
  it("round-trips a WalletConnect connection and a local signer through the file", () => {
    const env = freshHome()
    expect(readConnection(env)).toBeUndefined()
    writeConnection(walletConnect, env)
    expect(readConnection(env)).toEqual(walletConnect)
    const local: StoredConnection = { kind: "private-key", address: walletConnect.address }
    writeConnection(local, env)
    expect(readConnection(env)).toEqual(local)
  })

  it("never stores more than the schema allows (no key material)", () => {
    const env = freshHome()
    writeConnection({ kind: "keystore", address: walletConnect.address, keystoreFile: "/k.json" }, env)
    expect(JSON.parse(readFileSync(sessionFile(env), "utf8"))).toEqual({
      kind: "keystore",
      address: walletConnect.address,
      keystoreFile: "/k.json",
    })
  })

  it("removes a corrupt file and says so in one line, once", () => {
    const env = freshHome()
    writeConnection(walletConnect, env)
    for (const corrupt of ["{not json", "{}", JSON.stringify({ ...walletConnect, expiry: "soon" })]) {
      writeFileSync(sessionFile(env), corrupt)
      expect(() => readConnection(env)).toThrow(
        `The stored connection in ${sessionFile(env)} was unreadable and has been removed: run \`appkit-cli connect\` again`,
      )
      expect(readConnection(env)).toBeUndefined()
    }
  })

  it("clearConnection removes the connection and the WalletConnect state", () => {
    const env = freshHome()
    writeConnection(walletConnect, env)
    writeFileSync(walletConnectStoreFile(env), '{"wc@2:core:0.3:keychain":"{}"}')
    clearConnection(env)
    expect(readConnection(env)).toBeUndefined()
    expect(existsSync(walletConnectStoreFile(env))).toBe(false)
  })
})
