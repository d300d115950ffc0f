import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { approveFarcasterSignIn } from "@appkit/secure-site"
import { codeOf } from "@appkit/secure-site/client"
import { type Address, createPublicClient, type Hex, http, parseEther } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, firstLine, freeStackPorts, runCli } from "../support/cli"
import { decodeQrText } from "../support/qrText"
import { signInAtProvider } from "./support"

// appkit-cli against `appkit-cli dev`'s stack: email sign-in with the code from the local mail sink, a
// signature checked on the chain, 0.1 ETH sent on anvil by the secure site, the smart account's EIP-1271
// signature, social login through the local OpenID provider's real redirect flow, Farcaster through its
// channel URL approved as a Farcaster client does, and sign-out.
const anvilKey0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
// `appkit-cli dev` makes anvil's last dev account (the tenth) the secure site's sponsor.
const devSponsor = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720"

describe("appkit-cli and the embedded wallet", () => {
  let dev: ChildProcess
  let stack: { rpcUrl: string; secureSiteUrl: string; secureSiteStore: string }
  const env = { APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-embedded-cli-")) }
  const cli = (args: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}) =>
    runCli(args, { env: { ...env, ...extra }, timeoutMs: 60_000 })
  const chain = () => createPublicClient({ transport: http(stack.rpcUrl) })
  /** The sponsor's transactions in the blocks after `block`, and the fees it paid for them. */
  const sponsorFeesSince = async (block: bigint) => {
    let fees = 0n
    let transactions = 0
    for (let number = block + 1n; number <= (await chain().getBlockNumber()); number++) {
      const { transactions: hashes } = await chain().getBlock({ blockNumber: number })
      for (const hash of hashes) {
        const receipt = await chain().getTransactionReceipt({ hash })
        if (receipt.from.toLowerCase() !== devSponsor.toLowerCase()) continue
        fees += receipt.gasUsed * receipt.effectiveGasPrice
        transactions++
      }
    }
    return { fees, transactions }
  }
  /** appkit-cli left running, as a user leaves it waiting: its stdout line by line, stdin, and its exit. */
  const background = (args: ReadonlyArray<string>) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const killer = setTimeout(() => child.kill("SIGKILL"), 50_000)
    const exited = once(child, "exit").then(([code]) => {
      clearTimeout(killer)
      return { code: code as number | null, stderr }
    })
    return {
      stdin: child.stdin,
      exited,
      /** Resolves once stderr holds `text` (a prompt the user answers), at most 20 s from now. */
      stderrShows: async (text: string) => {
        for (let waited = 0; !stderr.includes(text); waited += 50) {
          if (waited > 20_000)
            throw new Error(`appkit-cli never said ${JSON.stringify(text)}; stderr: ${stderr}`)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      },
      nextLine: async () => {
        const next = await lines.next()
        if (next.done === true) throw new Error(`appkit-cli ended without a line; stderr: ${stderr}`)
        return next.value
      },
    }
  }

  /** The code mailed to `to` after `since`, read from the dev stack's mail sink as a user reads their mail. */
  const codeFromMailSink = async (to: string, since: number): Promise<string> => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await fetch(`${stack.secureSiteUrl}/dev/mailbox?to=${encodeURIComponent(to)}`)
      const mails = (await response.json()) as ReadonlyArray<{ text: string; receivedAt: number }>
      const code = mails
        .filter((mail) => mail.receivedAt >= since)
        .map((mail) => codeOf(mail.text))
        .findLast((found) => found !== undefined)
      if (code !== undefined) return code
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no code mailed to ${to}`)
  }

  beforeAll(async () => {
    dev = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      // The default store, whatever the machine's environment names (devPostgres.test.ts covers the other).
      env: { ...process.env, ...env, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    stack = JSON.parse(await firstLine(dev, 60_000))
  }, 90_000)

  afterAll(async () => {
    if (dev === undefined || dev.exitCode !== null) return
    const exited = once(dev, "exit")
    dev.kill("SIGTERM")
    const force = setTimeout(() => dev.kill("SIGKILL"), 10_000)
    await exited
    clearTimeout(force)
  })

  it("dev --json names the secure site's store: PGlite in memory without DATABASE_URL", () => {
    expect(stack.secureSiteStore).toBe("pglite")
  })

  it("connect --email --dev-otp, then sign message and send 0.1 ETH through the embedded wallet", async () => {
    const connected = await cli([
      "connect",
      "--email",
      "ada@example.com",
      "--dev-otp",
      "--account-type",
      "eoa",
      "--json",
    ])
    expect(connected.stderr).not.toMatch(/error/i)
    const { address } = JSON.parse(connected.stdout) as { address: Address }
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await cli(["status"])).stdout).toBe(`Connected: ${address} (embedded wallet, ada@example.com)\n`)

    const signed = await cli(["sign", "message", "hello from the terminal", "--json"])
    const { signature } = JSON.parse(signed.stdout) as { signature: Hex }
    expect(await chain().verifyMessage({ address, message: "hello from the terminal", signature })).toBe(true)

    // An embedded wallet starts empty: anvil's first account funds it.
    const funded = await cli(["send", "--to", address, "--amount", "1", "--json"], {
      APPKIT_PRIVATE_KEY: anvilKey0,
    })
    expect(JSON.parse(funded.stdout)).toMatchObject({ status: "success" })
    const before = await chain().getBalance({ address: receiver })
    const sent = await cli(["send", "--to", receiver, "--amount", "0.1", "--json"])
    // An ordinary account sends its own transaction: it is both the sender and the submitter.
    expect(JSON.parse(sent.stdout)).toMatchObject({
      status: "success",
      from: address,
      submittedBy: address,
      amount: "0.1",
    })
    expect((await chain().getBalance({ address: receiver })) - before).toBe(parseEther("0.1"))
  }, 120_000)

  it("a later command reuses the session without a new code; disconnect signs out at the site", async () => {
    const again = await cli(["sign", "message", "still me", "--json"])
    expect(again.code).toBe(0)
    const out = await cli(["disconnect"])
    expect(out.stdout).toMatch(/\(the wallet was told\)/)
    const after = await cli(["sign", "message", "gone"])
    expect([after.code, after.stderr]).toEqual([2, expect.stringMatching(/^Not connected/)])
  }, 60_000)

  it("the smart account (the default) signs through its owner: the chain verifies it by EIP-1271", async () => {
    // Another user: the site sends one code per address per 30 s.
    const connected = await cli(["connect", "--email", "carol@example.com", "--dev-otp", "--json"])
    expect(connected.stderr).toBe("")
    const { address } = JSON.parse(connected.stdout) as { address: Address }
    const signed = await cli(["sign", "message", "smart", "--json"])
    const { signature } = JSON.parse(signed.stdout) as { signature: Hex }
    expect(await chain().getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(await chain().verifyMessage({ address, message: "smart", signature })).toBe(true)
    await cli(["disconnect"])
  }, 60_000)

  it("send from the smart account (the default): its 0.1 ETH moves, the dev stack's sponsor pays the gas", async () => {
    const connected = await cli(["connect", "--email", "dave@example.com", "--dev-otp", "--json"])
    expect(connected.stderr).toBe("")
    const { address } = JSON.parse(connected.stdout) as { address: Address }
    // An account with code: the smart account, funded like any address.
    const funded = await cli(["send", "--to", address, "--amount", "1", "--json"], {
      APPKIT_PRIVATE_KEY: anvilKey0,
    })
    expect(JSON.parse(funded.stdout)).toMatchObject({ status: "success" })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const before = {
      account: await chain().getBalance({ address }),
      sponsor: await chain().getBalance({ address: devSponsor }),
      block: await chain().getBlockNumber(),
    }

    // The first use deploys the account (the sponsor's first transaction), then the sponsor submits the send.
    const sent = await cli(["send", "--to", recipient, "--amount", "0.1", "--json"])
    expect(sent.stderr).toBe("")
    // The value left the smart account (`from`); the sponsor only submitted the transaction and paid its gas.
    expect(JSON.parse(sent.stdout)).toMatchObject({
      status: "success",
      amount: "0.1",
      from: address,
      submittedBy: devSponsor,
    })
    expect(await chain().getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(await chain().getBalance({ address: recipient })).toBe(parseEther("0.1"))
    expect(await chain().getBalance({ address })).toBe(before.account - parseEther("0.1"))
    const sponsored = await sponsorFeesSince(before.block)
    expect(sponsored.transactions).toBe(2)
    expect(await chain().getBalance({ address: devSponsor })).toBe(before.sponsor - sponsored.fees)

    // More than it holds: refused, nothing sent.
    const refused = await cli(["send", "--to", recipient, "--amount", "5", "--json"])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/insufficient funds|less than the 5 ETH/i)
    expect(await chain().getBalance({ address })).toBe(before.account - parseEther("0.1"))
    await cli(["disconnect"])
  }, 90_000)

  it("connect --social github prints the provider's URL and completes from the address pasted back", async () => {
    const child = background(["connect", "--social", "github", "--json"])
    const { event, url } = JSON.parse(await child.nextLine()) as { event: string; url: string }
    expect(event).toBe("social_url")
    // The user signs in at the (local) provider in a browser and copies the address it ends on.
    child.stdin.end(`${await signInAtProvider(url, "octocat")}\n`)
    const { code, stderr } = await child.exited
    // Pasted from a pipe under --json: no prompt, the output is JSON only.
    expect([code, stderr]).toEqual([0, ""])
    expect(JSON.parse(await child.nextLine())).toMatchObject({
      kind: "embedded",
      address: expect.stringMatching(/^0x/),
    })
    await cli(["disconnect"])

    // Without --json the paste prompt shows, and its line ends after the piped answer (nothing echoed it).
    const text = background(["connect", "--social", "github"])
    expect(await text.nextLine()).toBe("Open this address to sign in with github:")
    text.stdin.end(`${await signInAtProvider(await text.nextLine(), "octocat")}\n`)
    const shown = await text.exited
    expect(shown.code).toBe(0)
    expect(shown.stderr.endsWith("Then paste the address your browser ended on: \n")).toBe(true)
    expect(await text.nextLine()).toMatch(/^Connected 0x[0-9a-fA-F]{40} \(embedded wallet, github\)$/)
    await cli(["disconnect"])
  }, 60_000)

  it("connect --social farcaster shows the channel URL, waits, and connects once a Farcaster client approves", async () => {
    const child = background(["connect", "--social", "farcaster", "--json"])
    const shown = JSON.parse(await child.nextLine()) as { event: string; url: string; expiresAt: string }
    expect(shown).toMatchObject({
      event: "farcaster_url",
      url: expect.stringMatching(/\/farcaster\/[\w-]{43}$/),
    })
    expect(shown.url.startsWith(stack.secureSiteUrl)).toBe(true)
    // §9: a user's action is waited for 4 minutes.
    const ahead = Date.parse(shown.expiresAt) - Date.now()
    expect(ahead).toBeGreaterThan(200_000)
    expect(ahead).toBeLessThanOrEqual(240_000)
    // The user's Farcaster client signs the channel's Sign-In-With-Farcaster message with its custody key.
    await approveFarcasterSignIn(shown.url, {
      custodyPrivateKey: generatePrivateKey(),
      fid: 4242,
      username: "ada",
    })
    const { code, stderr } = await child.exited
    expect([code, stderr]).toEqual([0, expect.not.stringMatching(/error/i)])
    const { address } = JSON.parse(await child.nextLine()) as { address: Address }
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await cli(["status"])).stdout).toBe(`Connected: ${address} (embedded wallet, farcaster)\n`)
    // The Farcaster user's embedded wallet signs (the smart account, verified by EIP-1271 on anvil).
    const signed = await cli(["sign", "message", "hello from farcaster", "--json"])
    const { signature } = JSON.parse(signed.stdout) as { signature: Hex }
    expect(await chain().verifyMessage({ address, message: "hello from farcaster", signature })).toBe(true)
    // The channel is spent: a second approval of the same URL is refused.
    await expect(
      approveFarcasterSignIn(shown.url, { custodyPrivateKey: generatePrivateKey(), fid: 7, username: "eve" }),
    ).rejects.toThrow(/410/)
    await cli(["disconnect"])
  }, 60_000)

  it("connect --social farcaster prints a QR code of the URL, and --timeout ends an unapproved wait", async () => {
    const result = await cli(["connect", "--social", "farcaster", "--timeout", "2s"])
    const lines = result.stdout.trimEnd().split("\n")
    expect(lines[0]).toBe("Scan the QR code with Farcaster, or open the URL on the phone signed in to it:")
    const urlLine = lines.findIndex((line) => line.startsWith("url: "))
    const url = lines[urlLine]?.slice("url: ".length)
    expect(url).toMatch(/\/farcaster\/[\w-]{43}$/)
    expect(decodeQrText(lines.slice(1, urlLine))).toBe(url)
    expect(lines[urlLine + 1]).toBe("Waiting up to 2 s for the approval")
    expect([result.code, result.stderr.trim().split("\n").at(-1)]).toEqual([
      2,
      "No Farcaster approval within 2 s",
    ])
    expect((await cli(["status"])).stdout).toMatch(/^Not connected/)
  }, 60_000)

  it("--timeout ends the wait for a pasted address (--social github) and for a code (--email, stdin left open)", async () => {
    const social = background(["connect", "--social", "github", "--timeout", "2s"])
    expect(await social.nextLine()).toBe("Open this address to sign in with github:")
    const email = background(["connect", "--email", "slow@example.com", "--timeout", "2s"])
    // Nothing is pasted or typed; stdin stays open, as a user who walked away leaves it.
    for (const [{ code, stderr }, expiry] of [
      [await social.exited, "No address pasted within 2 s"],
      [await email.exited, "No code entered within 2 s"],
    ] as const)
      expect([code, stderr.trim().split("\n").at(-1)]).toEqual([2, expiry])
    expect((await cli(["status"])).stdout).toMatch(/^Not connected/)
  }, 60_000)

  it("a code piped on stdin signs in without a terminal; a closed stdin says how to give one", async () => {
    const since = Date.now()
    const child = background(["connect", "--email", "piped@example.com", "--json"])
    const code = await codeFromMailSink("piped@example.com", since)
    child.stdin.end(`${code}\n`)
    const { code: exit, stderr } = await child.exited
    expect([exit, stderr]).toEqual([0, expect.not.stringMatching(/error/i)])
    expect(JSON.parse(await child.nextLine())).toMatchObject({ kind: "embedded", email: "piped@example.com" })
    await cli(["disconnect"])
    const closed = await cli(["connect", "--email", "closed@example.com"])
    expect([closed.code, closed.stderr.trim().split("\n").at(-1)]).toEqual([
      2,
      "No code given: type it on a terminal, pipe it on stdin, or use --dev-otp against the dev stack",
    ])
  }, 60_000)

  it("piped, the code prompt and the verdict each have their own line; under --json no prompt at all", async () => {
    // stdout and stderr into one file, as a terminal shows them both.
    const shown = join(mkdtempSync(join(tmpdir(), "appkit-piped-otp-")), "shown.txt")
    const fd = openSync(shown, "w")
    const since = Date.now()
    const child = spawn(process.execPath, [cliPath, "connect", "--email", "lines@example.com"], {
      env: { ...process.env, ...env },
      stdio: ["pipe", fd, fd],
    })
    closeSync(fd)
    child.stdin?.end(`${await codeFromMailSink("lines@example.com", since)}\n`)
    const [exit] = await once(child, "exit")
    expect(exit).toBe(0)
    expect(readFileSync(shown, "utf8").split("\n")).toEqual([
      `Using the secure site of the running dev stack (appkit-cli dev / npm start): ${stack.secureSiteUrl}`,
      "Code mailed to lines@example.com: ",
      expect.stringMatching(/^Connected 0x[0-9a-fA-F]{40} \(embedded wallet, lines@example.com\)$/),
      "",
    ])
    await cli(["disconnect"])

    const jsonSince = Date.now()
    const json = background(["connect", "--email", "lines-json@example.com", "--json"])
    const code = await codeFromMailSink("lines-json@example.com", jsonSince)
    const wrong = code === "000000" ? "000001" : "000000"
    json.stdin.write(`${wrong}\n`)
    expect(JSON.parse(await json.nextLine())).toMatchObject({ event: "code_refused", triesLeft: 2 })
    json.stdin.end(`${code}\n`)
    expect(JSON.parse(await json.nextLine())).toMatchObject({
      kind: "embedded",
      email: "lines-json@example.com",
    })
    const { code: jsonExit, stderr } = await json.exited
    expect([jsonExit, stderr]).toEqual([0, ""])
    await cli(["disconnect"])
  }, 60_000)

  it("a mistyped code is asked for again, with what was wrong, and the right one then signs in", async () => {
    const since = Date.now()
    const child = background(["connect", "--email", "typo@example.com"])
    const code = await codeFromMailSink("typo@example.com", since)
    const wrong = code === "000000" ? "000001" : "000000"
    await child.stderrShows("Code mailed to typo@example.com: ")
    child.stdin.write(`${wrong}\n`)
    await child.stderrShows("Invalid code: type the code mailed to typo@example.com again (2 tries left)")
    child.stdin.write("12345\n")
    await child.stderrShows(
      "Invalid code: expected 6 digits: type the code mailed to typo@example.com again (1 try left)",
    )
    child.stdin.end(`${code}\n`)
    const { code: exit, stderr } = await child.exited
    expect(exit).toBe(0)
    expect(stderr.match(/Code mailed to typo@example.com: /g)).toHaveLength(3)
    expect(await child.nextLine()).toMatch(
      /^Connected 0x[0-9a-fA-F]{40} \(embedded wallet, typo@example.com\)$/,
    )
    await cli(["disconnect"])
  }, 60_000)

  it("three wrong codes end the sign-in with the site's answer; nothing is connected", async () => {
    const since = Date.now()
    const child = background(["connect", "--email", "thrice@example.com"])
    const code = await codeFromMailSink("thrice@example.com", since)
    const wrong = code === "000000" ? "000001" : "000000"
    for (const left of ["2 tries left", "1 try left"]) {
      child.stdin.write(`${wrong}\n`)
      await child.stderrShows(`type the code mailed to thrice@example.com again (${left})`)
    }
    child.stdin.write(`${wrong}\n`)
    const { code: exit, stderr } = await child.exited
    // Piped, the answer is not echoed: each prompt's line still ends, and the site's verdict has its own.
    expect([exit, stderr.trim().split("\n").slice(-2)]).toEqual([
      1,
      ["Code mailed to thrice@example.com: ", "Invalid code"],
    ])
    expect((await cli(["status"])).stdout).toMatch(/^Not connected/)
  }, 60_000)

  it("refuses a wrong --social provider and a bad email before anything is sent", async () => {
    const social = await cli(["connect", "--social", "myspace"])
    expect([social.code, social.stderr]).toEqual([
      1,
      expect.stringMatching(/^--social: expected one of google, .*, farcaster\n$/),
    ])
    const email = await cli(["connect", "--email", "ada@example", "--dev-otp"])
    expect([email.code, email.stderr.trim().split("\n").at(-1)]).toEqual([
      1,
      "Invalid email: expected a valid email address",
    ])
  }, 60_000)
})
