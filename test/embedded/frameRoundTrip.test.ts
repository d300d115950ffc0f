import { formatSiweMessage, verifySiweMessage } from "@appkit/core/siwx"
import {
  approveDeviceLink,
  approveFarcasterSignIn,
  type SecureSite,
  smartAccountAddress,
} from "@appkit/secure-site"
import { Effect } from "effect"
import { createPublicClient, getAddress, type Hex, http, parseEther, toHex, verifyMessage } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Anvil } from "../../fixtures/src/index"
import {
  type DappSession,
  failureOf,
  fundAccount,
  memoryStorage,
  openDapp,
  signInByEmail as signIn,
  signInAtProvider,
  startStack,
} from "./support"

// Core's messenger and the secure site's frame handler, talking through browser-like windows in Node, with
// the real site behind them: PGlite, SMTP mail, the OpenID provider, anvil.
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
const open: Array<DappSession> = []

beforeAll(async () => {
  ;({ anvil, site, stop } = await startStack())
}, 120_000)

afterAll(async () => {
  for (const session of open) await session.close()
  await stop?.()
})

const dapp = async (storage = memoryStorage()) => {
  const session = await openDapp(site, storage)
  open.push(session)
  return session
}

/** Signs `email` in with the code from the mail sink; returns the session. */
const signInByEmail = async (email: string, session?: DappSession) => {
  const current = session ?? (await dapp())
  await signIn(site, current, email)
  return current
}

const chainId = () => anvil.chainId

describe("email sign-in through the frame", () => {
  it("connects with the mailed code, signs, sends 0.1 ETH on anvil, survives a reload and signs out", async () => {
    const first = await signInByEmail("ada@example.com")
    const user = await first.ask({ _tag: "GetUser", chainId: chainId(), preferredAccountType: "eoa" })
    expect(user).toMatchObject({ email: "ada@example.com", chainId: chainId(), preferredAccountType: "eoa" })
    expect(user.accounts?.map((account) => account.type)).toEqual(["EOA", "SMART_ACCOUNT"])
    const address = getAddress(user.address)

    const signature = await first.ask({
      _tag: "RpcRequest",
      method: "personal_sign",
      params: [toHex("gm"), address],
    })
    expect(await verifyMessage({ address, message: "gm", signature: signature as Hex })).toBe(true)

    await fundAccount(anvil, address, parseEther("1"))
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const hash = await first.ask({
      _tag: "RpcRequest",
      method: "eth_sendTransaction",
      params: [{ from: address, to: recipient, value: toHex(parseEther("0.1")) }],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe("success")
    expect(await reader.getBalance({ address: recipient })).toBe(parseEther("0.1"))
    expect(await first.ask({ _tag: "RpcRequest", method: "eth_chainId" })).toBe(toHex(chainId()))

    // The dApp reloads: a new frame on the same secure-site storage finds the session, no code needed.
    await first.close()
    const mailsBefore = site.mailbox?.messages("ada@example.com").length
    const reloaded = await dapp(first.storage)
    expect(await reloaded.ask({ _tag: "IsConnected" })).toEqual({ isConnected: true })
    expect((await reloaded.ask({ _tag: "GetUser" })).address).toBe(user.address)
    expect(site.mailbox?.messages("ada@example.com").length).toBe(mailsBefore)

    expect(await reloaded.ask({ _tag: "SignOut" })).toEqual({})
    expect(await reloaded.ask({ _tag: "IsConnected" })).toEqual({ isConnected: false })
    const refused = await failureOf(reloaded.ask({ _tag: "GetUser" }))
    expect(refused).toEqual({ tag: "FrameRequestError", message: "Not signed in" })
  })

  it("has a known user verify a new device from the mailed link before the code", async () => {
    await signInByEmail("grace@example.com")
    const laptop = await dapp()
    const sent = Date.now()
    expect(await laptop.ask({ _tag: "ConnectEmail", email: "grace@example.com" })).toEqual({
      action: "VERIFY_DEVICE",
    })
    const link = await site.readDeviceLink("grace@example.com", { after: sent })
    const waiting = laptop.ask({ _tag: "ConnectDevice" })
    await approveDeviceLink(link)
    expect(await waiting).toEqual({})
    const otp = await site.readCode("grace@example.com", { after: sent })
    expect(await laptop.ask({ _tag: "ConnectOtp", otp })).toEqual({})
    // A used link does not approve anything again.
    await expect(approveDeviceLink(link)).rejects.toThrow("refused (410)")
  })

  it("passes the site's refusals on with their text: a wrong code, the 30 s cooldown", async () => {
    const session = await dapp()
    const sent = Date.now()
    await session.ask({ _tag: "ConnectEmail", email: "alan@example.com" })
    const otp = await site.readCode("alan@example.com", { after: sent })
    const wrong = otp === "000000" ? "000001" : "000000"
    expect(await failureOf(session.ask({ _tag: "ConnectOtp", otp: wrong }))).toEqual({
      tag: "FrameRequestError",
      message: "Invalid code",
    })
    const again = await failureOf(session.ask({ _tag: "ConnectEmail", email: "alan@example.com" }))
    expect(again.message).toMatch(/^Please try again after (29|30) seconds$/)
    expect(await session.ask({ _tag: "ConnectOtp", otp })).toEqual({})
  })

  it("updates the email through a code to the current address, then one to the new address", async () => {
    const session = await signInByEmail("old@example.com")
    const started = Date.now()
    expect(await session.ask({ _tag: "UpdateEmail", email: "new@example.com" })).toEqual({
      action: "VERIFY_PRIMARY_OTP",
    })
    const primary = await site.readCode("old@example.com", { after: started })
    expect(await session.ask({ _tag: "UpdateEmailPrimaryOtp", otp: primary })).toEqual({})
    const secondary = await site.readCode("new@example.com", { after: started })
    expect(await session.ask({ _tag: "UpdateEmailSecondaryOtp", otp: secondary })).toEqual({
      newEmail: "new@example.com",
    })
    expect((await session.ask({ _tag: "GetUser" })).email).toBe("new@example.com")
  })
})

describe("social and Farcaster sign-in through the frame", () => {
  it("signs in through the local OpenID provider's real authorization-code redirect", async () => {
    const session = await dapp()
    const { uri } = await session.ask({ _tag: "GetSocialRedirectUri", provider: "github" })
    expect(new URL(uri).origin).toBe(site.oidcIssuer)
    const callback = await signInAtProvider(uri, "octocat")
    const user = await session.ask({ _tag: "ConnectSocial", uri: callback, chainId: chainId() })
    expect(user).toMatchObject({ userName: "octocat", chainId: chainId() })
    // The code and state are single-use.
    const replay = await failureOf(session.ask({ _tag: "ConnectSocial", uri: callback }))
    expect(replay.message).toBe("This sign-in has expired or was already used")
  })

  it("signs in with Farcaster once the farcasterUrl is approved with the custody key", async () => {
    const session = await dapp()
    const { url } = await session.ask({ _tag: "GetFarcasterUri" })
    const waiting = session.ask({ _tag: "ConnectFarcaster", chainId: chainId() })
    await approveFarcasterSignIn(url, { custodyPrivateKey: generatePrivateKey(), fid: 1234, username: "ada" })
    expect(await waiting).toMatchObject({ userName: "ada", chainId: chainId() })
  })
})

describe("smart accounts through the frame", () => {
  it("reports the networks, switches to the smart account, deploys it on first use and signs SIWE for it (EIP-1271)", async () => {
    const session = await signInByEmail("sam@example.com")
    expect(await session.ask({ _tag: "GetSmartAccountEnabledNetworks" })).toEqual({
      smartAccountEnabledNetworks: [chainId()],
    })
    const eoa = (await session.ask({ _tag: "GetUser", preferredAccountType: "eoa" })).address
    const switched = await session.ask({ _tag: "SetPreferredAccount", type: "smartAccount" })
    expect(switched).toEqual({ type: "smartAccount", address: smartAccountAddress(eoa as Hex) })
    const before = await session.ask({ _tag: "GetUser" })
    expect(before).toMatchObject({ address: switched.address, smartAccountDeployed: false })

    const message = formatSiweMessage({
      domain: "127.0.0.1:5173",
      address: getAddress(switched.address),
      uri: "http://127.0.0.1:5173/",
      version: "1",
      chainId: chainId(),
      nonce: "k3y5n0nc3xyz",
      issuedAt: new Date().toISOString(),
    })
    const signature = await session.ask({
      _tag: "RpcRequest",
      method: "personal_sign",
      params: [toHex(message), switched.address],
    })
    const verified = await Effect.runPromise(
      verifySiweMessage(message, signature as string, { rpcUrl: anvil.rpcUrl }),
    )
    expect(verified.address).toBe(getAddress(switched.address))
    expect((await session.ask({ _tag: "GetUser" })).smartAccountDeployed).toBe(true)
  })
})

describe("the frame's gates", () => {
  it("refuses RPC methods outside the allowlist and signing methods the wallet does not offer", async () => {
    const session = await signInByEmail("rpc@example.com")
    expect(await failureOf(session.ask({ _tag: "RpcRequest", method: "debug_traceTransaction" }))).toEqual({
      tag: "FrameRequestError",
      message: "Requested RPC call is not allowed",
    })
    const { address } = await session.ask({ _tag: "GetUser" })
    expect(
      (await failureOf(session.ask({ _tag: "RpcRequest", method: "eth_sign", params: [address, "0x00"] })))
        .message,
    ).toBe("eth_sign is not supported by the embedded wallet")
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    expect(
      (
        await failureOf(
          session.ask({ _tag: "RpcRequest", method: "personal_sign", params: ["0x00", stranger] }),
        )
      ).message,
    ).toBe(`${stranger} is not an account of this wallet`)
  })

  it("refuses API calls on behalf of a dApp origin that is not allowed, and calls from other origins", async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${site.url}/api/email/start`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-appkit-device": "d".repeat(43), ...headers },
        body: JSON.stringify({ email: "x@example.com" }),
      })
    const notAllowed = await call({ "x-appkit-origin": "https://evil.example" })
    expect([notAllowed.status, await notAllowed.json()]).toEqual([
      403,
      { error: "This app's origin is not allowed to use this wallet" },
    ])
    const crossOrigin = await call({
      "x-appkit-origin": "http://127.0.0.1:5173",
      origin: "https://evil.example",
    })
    expect(crossOrigin.status).toBe(403)
  })
})
