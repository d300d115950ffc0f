import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { loadVectors } from "@appkit/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * A PSBT comes as base64 (Bitcoin Core's RPCs), as hex (many libraries and explorers), or as the binary
 * `.psbt` file BIP-174 defines (what Sparrow, Electrum and Core's GUI save): `psbt inspect` reads every form,
 * given on the command line, as a file path, or on stdin, and shows the same PSBT for each.
 */
const { vectors } = loadVectors<{ id: string; input: string }>("psbt.json")
const base64 = (vectors.find((vector) => vector.id.startsWith("BIP-174 valid #2")) as { input: string }).input
const bytes = Buffer.from(base64, "base64")
const hex = bytes.toString("hex")

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "appkit-psbt-"))
  writeFileSync(join(dir, "binary.psbt"), bytes)
  writeFileSync(join(dir, "base64.txt"), `${base64}\n`)
  writeFileSync(join(dir, "hex.txt"), `${hex.toUpperCase()}\n`)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const inspect = (args: ReadonlyArray<string>, stdin?: Buffer | string) =>
  runCli(["psbt", "inspect", ...args, "--json"], stdin === undefined ? {} : { stdin })

describe("psbt inspect reads a PSBT in every form a user holds one", () => {
  let expected: unknown
  beforeAll(async () => {
    const result = await inspect([base64])
    expect(result.code).toBe(0)
    expected = JSON.parse(result.stdout)
  })

  it.each([
    ["hex on the command line", () => [hex]],
    ["upper-case hex on the command line", () => [hex.toUpperCase()]],
    ["a binary .psbt file", () => [join(dir, "binary.psbt")]],
    ["a file holding base64", () => [join(dir, "base64.txt")]],
    ["a file holding hex", () => [join(dir, "hex.txt")]],
  ])("%s", async (_name, args) => {
    const result = await inspect(args())
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  /** `text` broken into lines of `width`, as `base64` (76) and `xxd -p` (60) print. */
  const wrapped = (text: string, width: number) =>
    `${text.match(new RegExp(`.{1,${width}}`, "g"))?.join("\n")}\n`

  it.each([
    ["binary", bytes],
    ["hex", `${hex}\n`],
    ["base64", `${base64}\n`],
    ["base64 wrapped at 76 columns (base64 FILE)", wrapped(base64, 76)],
    ["hex wrapped at 60 columns (xxd -p FILE)", wrapped(hex, 60)],
  ])("%s on stdin", async (_name, stdin) => {
    const result = await inspect(["-"], stdin)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it("names what it accepts when the argument is neither a PSBT nor a file", async () => {
    const result = await inspect(["./no-such.psbt"])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/base64, hex or a \.psbt file/),
    })
  })

  it("one hex digit short is invalid, not read as base64", async () => {
    const result = await inspect([hex.slice(0, -1)])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false })
  })

  it("a directory is an unreadable file (exit 2), not an invalid PSBT", async () => {
    const result = await inspect([dir])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(new RegExp(`Cannot read the PSBT from ${dir}`))
  })
})
