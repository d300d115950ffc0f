import { type AppKit, createAppKit } from "@appkit/core"
import { type SecureSite, smartAccountAddress } from "@appkit/secure-site"
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
} from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Anvil } from "../../fixtures/src/index"
import { fundAccount, startStack, testFrameHost } from "./support"

// A dApp's createAppKit with the embedded wallet (core's AUTH connector, the secure site's real frame handler
// and server, anvil): the smart account sends ETH it holds while the site's sponsor pays the gas.
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
let appKit: AppKit

const reader = () => createPublicClient({ transport: http(anvil.rpcUrl) })
const balance = (address: Address) => reader().getBalance({ address })

beforeAll(async () => {
  ;({ anvil, site, stop } = await startStack())
  appKit = createAppKit({
    projectId: "smart-account-send",
    networks: [{ id: anvil.chainId, name: "anvil", rpcUrl: anvil.rpcUrl }],
    metadata: { name: "test dApp", description: "", url: "http://127.0.0.1:5173", icons: [] },
    secureSiteUrl: site.url,
    embeddedFrameHost: testFrameHost(),
    reconnect: false,
  })
}, 120_000)

afterAll(async () => {
  await appKit?.dispose()
  await stop?.()
})

const send = (from: Address, to: Address, value: bigint) =>
  appKit.walletRequest("eip155", {
    method: "eth_sendTransaction",
    params: [{ from, to, value: toHex(value) }],
  })

describe("a send from the embedded wallet's smart account", () => {
  let account: Address

  it("signs in by email with the smart account preferred: the account is the owner's CREATE2 address", async () => {
    await appKit.setPreferredAccountType("eip155", "smartAccount")
    const sent = Date.now()
    expect(await appKit.embedded.connectEmail("smart-send@example.com")).toBe("verifyOtp")
    await appKit.embedded.verifyOtp(await site.readCode("smart-send@example.com", { after: sent }))
    const connected = appKit.getState().account.byNamespace.eip155
    const eoa = connected?.user?.accounts?.find((a) => a.type === "EOA")?.address as Address
    account = getAddress(connected?.address ?? "")
    expect(account).toBe(smartAccountAddress(eoa))
  }, 60_000)

  it("moves exactly 0.1 ETH from the account to the recipient; the sponsor pays the gas, the owner nothing", async () => {
    // The first signature deploys the account (sponsored), so the send below is the sponsor's only transaction.
    const signature = await appKit.walletRequest("eip155", {
      method: "personal_sign",
      params: [toHex("deploy me"), account],
    })
    expect(
      await reader().verifyMessage({ address: account, message: "deploy me", signature: signature as Hex }),
    ).toBe(true)
    const owner = appKit.getState().account.byNamespace.eip155?.user?.accounts?.find((a) => a.type === "EOA")
      ?.address as Address
    expect(await verifyMessage({ address: owner, message: "deploy me", signature: signature as Hex })).toBe(
      true,
    )
    await fundAccount(anvil, account, parseEther("1"))
    const sponsor = privateKeyToAccount(anvil.accounts[2]?.privateKey as Hex).address
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const before = {
      account: await balance(account),
      owner: await balance(owner),
      sponsor: await balance(sponsor),
    }

    const hash = await send(account, recipient, parseEther("0.1"))
    const receipt = await reader().waitForTransactionReceipt({ hash: hash as Hex })

    expect(receipt.status).toBe("success")
    expect(getAddress(receipt.from)).toBe(sponsor)
    expect(await balance(recipient)).toBe(parseEther("0.1"))
    expect(await balance(account)).toBe(before.account - parseEther("0.1"))
    expect(await balance(owner)).toBe(before.owner)
    expect(await balance(sponsor)).toBe(before.sponsor - receipt.gasUsed * receipt.effectiveGasPrice)
  }, 60_000)

  it("refuses a send the account cannot cover, with the balance in the message, and sends nothing", async () => {
    const held = await balance(account)
    const sponsor = privateKeyToAccount(anvil.accounts[2]?.privateKey as Hex).address
    const sponsorNonce = await reader().getTransactionCount({ address: sponsor })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    // One wei over the balance: the edge of the rule.
    const refused = await send(account, recipient, held + 1n).then(
      () => undefined,
      (error: unknown) => error as { _tag?: string; message?: string },
    )
    expect(refused?.message).toBe(
      `The smart account ${account} holds 0.9 ETH, less than the 0.900000000000000001 ETH to send`,
    )
    expect(await reader().getTransactionCount({ address: sponsor })).toBe(sponsorNonce)
    expect(await balance(account)).toBe(held)
    // A contract deployment (no `to`) is the EOA's to make: the account has no CREATE.
    const deployment = await appKit
      .walletRequest("eip155", { method: "eth_sendTransaction", params: [{ from: account, data: "0x00" }] })
      .then(
        () => undefined,
        (error: unknown) => (error as { message?: string }).message,
      )
    expect(deployment).toBe("The smart account cannot deploy a contract; send it from the EOA")
    // Exactly the balance is fine.
    const hash = await send(account, recipient, held)
    expect((await reader().waitForTransactionReceipt({ hash: hash as Hex })).status).toBe("success")
    expect([await balance(account), await balance(recipient)]).toEqual([0n, held])
  }, 60_000)
})
