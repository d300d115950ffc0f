import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { v3Keystore } from "@appkit/fixtures"
import { afterAll, describe, expect, it, vi } from "vitest"
import { fakeRawTerminal, terminalOver } from "./fakeTerminal"
import { decryptKeystore, loadLocalSigner } from "./signer"

const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

describe("decryptKeystore", () => {
  it.each(["scrypt", "pbkdf2"] as const)("recovers the key of a %s keystore", (kdf) => {
    expect(decryptKeystore(JSON.stringify(v3Keystore(key, "correct horse", kdf)), "correct horse")).toBe(key)
  })

  it("says 'wrong password' for a wrong password or a tampered ciphertext, never returning a wrong key", () => {
    const keystore = v3Keystore(key, "pw", "scrypt")
    expect(() => decryptKeystore(JSON.stringify(keystore), "PW")).toThrow(
      "Keystore: wrong password (MAC mismatch)",
    )
    const tampered = {
      ...keystore,
      crypto: { ...keystore.crypto, ciphertext: `00${keystore.crypto.ciphertext.slice(2)}` },
    }
    expect(() => decryptKeystore(JSON.stringify(tampered), "pw")).toThrow(/MAC mismatch/)
  })

  it("rejects what it cannot read with a clear message", () => {
    const keystore = v3Keystore(key, "pw", "pbkdf2")
    expect(() => decryptKeystore("{", "pw")).toThrow("Keystore: not a JSON file")
    expect(() => decryptKeystore(JSON.stringify({ ...keystore, version: 1 }), "pw")).toThrow(/only version 3/)
    const badKdf = { ...keystore, crypto: { ...keystore.crypto, kdf: "argon2" } }
    expect(() => decryptKeystore(JSON.stringify(badKdf), "pw")).toThrow(
      "Keystore: unsupported key derivation argon2",
    )
    const badSalt = {
      ...keystore,
      crypto: { ...keystore.crypto, kdfparams: { ...keystore.crypto.kdfparams, salt: "xyz" } },
    }
    expect(() => decryptKeystore(JSON.stringify(badSalt), "pw")).toThrow(
      "Keystore: kdfparams.salt is not hex",
    )
    const huge = {
      ...keystore,
      crypto: {
        ...keystore.crypto,
        kdf: "scrypt",
        kdfparams: { salt: "00", dklen: 32, n: 2 ** 30, r: 8, p: 1 },
      },
    }
    expect(() => decryptKeystore(JSON.stringify(huge), "pw")).toThrow(
      "Keystore: scrypt with n=1073741824, r=8, p=1 needs more than 1 GiB of memory; no wallet writes such a keystore",
    )
  })

  it("caps pbkdf2 work as scrypt's is capped, refusing at once rather than working for hours", () => {
    const keystore = v3Keystore(key, "pw", "pbkdf2")
    const withCount = (c: number) =>
      JSON.stringify({
        ...keystore,
        crypto: { ...keystore.crypto, kdfparams: { ...keystore.crypto.kdfparams, c } },
      })
    const started = Date.now()
    for (const c of [2_000_000_000, 10_000_001])
      expect(() => decryptKeystore(withCount(c), "pw")).toThrow(
        `Keystore: pbkdf2 with c=${c} iterations is beyond what any wallet writes (at most 10000000)`,
      )
    expect(Date.now() - started).toBeLessThan(1_000)
    // Right under the cap the count is honoured: the MAC then says the password or count is off.
    expect(() => decryptKeystore(withCount(1001), "pw")).toThrow(/MAC mismatch/)
  })
})

describe("loadLocalSigner", () => {
  const dir = mkdtempSync(join(tmpdir(), "appkit-signer-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, "key.json")
  writeFileSync(file, JSON.stringify(v3Keystore(key, "pw", "scrypt")))

  it("takes --private-key first, then --keystore, then APPKIT_PRIVATE_KEY", async () => {
    const other = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
    expect(
      (await loadLocalSigner({ privateKey: key.slice(2) }, { APPKIT_PRIVATE_KEY: other }))?.address,
    ).toBe(address)
    expect(
      (
        await loadLocalSigner(
          { keystore: file },
          { APPKIT_KEYSTORE_PASSWORD: "pw", APPKIT_PRIVATE_KEY: other },
        )
      )?.address,
    ).toBe(address)
    expect((await loadLocalSigner({}, { APPKIT_PRIVATE_KEY: key }))?.address).toBe(address)
    expect(await loadLocalSigner({}, { APPKIT_PRIVATE_KEY: "" })).toBeUndefined()
    expect(await loadLocalSigner({}, {})).toBeUndefined()
  })

  it("warns that a key on the command line is visible in `ps`", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true)
    try {
      await loadLocalSigner({ privateKey: key }, {})
      await loadLocalSigner({}, { APPKIT_PRIVATE_KEY: key })
      expect(write.mock.calls.map(([text]) => String(text))).toEqual([
        "Warning: --private-key is visible to every user of this machine (`ps`); prefer APPKIT_PRIVATE_KEY or --keystore\n",
      ])
    } finally {
      write.mockRestore()
    }
  })

  it("asks for the keystore password on a terminal when the environment has none", async () => {
    const asked: Array<string> = []
    const terminal = {
      interactive: true,
      askHidden: async (question: string) => {
        asked.push(question)
        return "pw"
      },
      readLine: async () => "never",
    }
    expect((await loadLocalSigner({ keystore: file }, {}, terminal))?.address).toBe(address)
    expect(asked).toEqual([`Password for ${file}: `])
    // The environment wins, and nothing is asked.
    await loadLocalSigner({ keystore: file }, { APPKIT_KEYSTORE_PASSWORD: "pw" }, terminal)
    expect(asked).toHaveLength(1)
  })

  it("explains what is missing or wrong", async () => {
    const noTerminal = { interactive: false, askHidden: async () => "never", readLine: async () => "never" }
    await expect(loadLocalSigner({ keystore: file }, {}, noTerminal)).rejects.toThrow(
      "--keystore needs its password: set APPKIT_KEYSTORE_PASSWORD, or run on a terminal to be asked",
    )
    await expect(
      loadLocalSigner({ keystore: join(dir, "missing.json") }, { APPKIT_KEYSTORE_PASSWORD: "pw" }),
    ).rejects.toThrow(/^Cannot read keystore/)
    await expect(loadLocalSigner({ privateKey: "0x1234" }, {})).rejects.toThrow(
      "--private-key is not a 32-byte hex private key",
    )
    await expect(loadLocalSigner({}, { APPKIT_PRIVATE_KEY: `0x${"0".repeat(64)}` })).rejects.toThrow(
      "APPKIT_PRIVATE_KEY is not a valid secp256k1 private key",
    )
  })
  it("says 'No password given' (PromptCancelled, exit 2) when the password prompt is given up with Ctrl-C", async () => {
    const raw = fakeRawTerminal()
    const signer = loadLocalSigner({ keystore: file }, {}, terminalOver(raw))
    raw.type("pw\u0003")
    await expect(signer).rejects.toMatchObject({
      message: "No password given",
      code: "PromptCancelled",
      exitCode: 2,
    })
  })
})
