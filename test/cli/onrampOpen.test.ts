import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type FixtureApi, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

// `appkit-cli onramp open` opens the provider's page: `$BROWSER` (a recording script here), else the
// platform's opener (a recording `xdg-open` first on PATH), never when --no-open; a failure prints the URL.
let api: FixtureApi
let dir: string
const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

/** A browser command that writes its arguments, one per line, to `record` and exits with `code`. */
const recorder = (name: string, code = 0) => {
  const path = join(dir, name)
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$@" > "${path}.args"\nexit ${code}\n`)
  chmodSync(path, 0o755)
  return { path, args: () => readFileSync(`${path}.args`, "utf8").trim().split("\n") }
}

beforeAll(async () => {
  api = await startFixtureApi()
  dir = mkdtempSync(join(tmpdir(), "appkit-browser-"))
})
afterAll(async () => {
  await api?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const open = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  runCli(["onramp", "open", "--address", address, "--amount", "50", ...args], {
    env: {
      APPKIT_API_URL: api.url,
      APPKIT_PROJECT_ID: "test",
      APPKIT_CONFIG: "/nonexistent",
      APPKIT_MELD_PUBLIC_KEY: "",
      TZ: "Europe/Berlin",
      ...env,
    },
  })

describe("appkit-cli onramp open opens the provider's page", () => {
  it("hands the URL to $BROWSER and says so", async () => {
    const browser = recorder("browser")
    const result = await open(["--json"], { BROWSER: browser.path })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const { url, opened } = JSON.parse(result.stdout) as { url: string; opened: boolean }
    expect(opened).toBe(true)
    expect(browser.args()).toEqual([url])
    expect(new URL(url).searchParams.get("partnerUserId")).toBe(address)

    const text = await open([], { BROWSER: browser.path })
    const lines = text.stdout.trim().split("\n")
    expect(lines.at(-2)).toBe(`Opened the provider's page in your browser (${browser.path}):`)
    expect(browser.args()).toEqual([lines.at(-1)])
  })

  it("puts the URL where $BROWSER's %s says, and tries each of its commands in turn", async () => {
    const browser = recorder("tabbed")
    const result = await open(["--json"], {
      BROWSER: `${join(dir, "no-such-browser")}:${browser.path} --new-tab %s --private`,
    })
    const { url } = JSON.parse(result.stdout) as { url: string }
    expect(browser.args()).toEqual(["--new-tab", url, "--private"])
  })

  it("falls back to xdg-open without $BROWSER", async () => {
    const opener = recorder("xdg-open")
    const result = await open(["--json"], { BROWSER: "", PATH: `${dir}:${process.env.PATH}` })
    const { url, opened } = JSON.parse(result.stdout) as { url: string; opened: boolean }
    expect(opened).toBe(true)
    expect(opener.args()).toEqual([url])
  })

  it("prints the URL and says it could not open a browser when the opener fails; exit 0", async () => {
    const broken = recorder("broken", 3)
    const text = await open([], { BROWSER: broken.path })
    expect(text.code).toBe(0)
    const lines = text.stdout.trim().split("\n")
    expect(lines.at(-2)).toBe(
      `Could not open a browser (${broken.path} exited with code 3); open this URL in a browser to complete the purchase:`,
    )
    expect(lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/onramp\/buy\?/)
    const json = JSON.parse((await open(["--json"], { BROWSER: join(dir, "missing") })).stdout)
    expect(json).toMatchObject({ opened: false, openFailure: `${join(dir, "missing")}: command not found` })
  })

  it("only prints the URL with --no-open", async () => {
    const browser = recorder("unused")
    const result = await open(["--no-open"], { BROWSER: browser.path })
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split("\n").at(-2)).toBe(
      "Open this URL in a browser to complete the purchase:",
    )
    expect(existsSync(`${browser.path}.args`)).toBe(false)
  })

  it("opens Meld's page with the purchase preset for --provider meld", async () => {
    const browser = recorder("meld-browser")
    const result = await open(
      ["--provider", "meld", "--meld-key", "pk-test", "--network", "polygon", "--json"],
      {
        BROWSER: browser.path,
      },
    )
    expect(result.code, result.stderr).toBe(0)
    const { url, provider } = JSON.parse(result.stdout) as { url: string; provider: string }
    expect(provider).toBe("meld")
    expect(browser.args()).toEqual([url])
    const meld = new URL(url)
    expect(meld.origin).toBe("https://meldcrypto.com")
    expect(Object.fromEntries(meld.searchParams)).toEqual({
      publicKey: "pk-test",
      destinationCurrencyCode: "USDC_POLYGON",
      walletAddress: address,
      externalCustomerId: address,
      sourceCurrencyCode: "USD",
      sourceAmount: "50",
    })
    const unknown = await open(["--provider", "kraken"], { BROWSER: browser.path })
    expect(unknown).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "Invalid --provider 'kraken': one of coinbase, meld\n",
    })
  })
})
