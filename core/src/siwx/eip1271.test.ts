import { type Anvil, startAnvil } from "@appkit/fixtures"
import { hex } from "@scure/base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { contractWalletCode, installCode, startBrokenNode } from "../testing/contractWallet"
import { toChecksumAddress } from "../validation/address/evm"
import { hashPersonalMessage } from "./eip191"
import { checkEip1271Signature } from "./eip1271"

const hashOf = (text: string) => `0x${hex.encode(hashPersonalMessage(text))}` as const
/** Any bytes: the test wallets judge the hash only, as a wallet whose owner approved that hash would. */
const signature = `0x${"ab".repeat(65)}` as const
const wallet = toChecksumAddress("0x00000000000000000000000000000000000c0de1")
const revertingWallet = toChecksumAddress("0x00000000000000000000000000000000000c0de2")
const noContract = toChecksumAddress("0x00000000000000000000000000000000000c0de3")

describe("checkEip1271Signature against contract wallets on anvil", () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 1 })
    await installCode(anvil.rpcUrl, wallet, contractWalletCode.acceptingHash(hashPersonalMessage("approved")))
    await installCode(anvil.rpcUrl, revertingWallet, contractWalletCode.reverting)
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  const check = (address: `0x${string}`, text: string) =>
    checkEip1271Signature(anvil.rpcUrl, address, hashOf(text), signature, 5_000)

  it("is valid exactly when the contract answers the magic value", async () => {
    expect(await check(wallet, "approved")).toBe("valid")
    expect(await check(wallet, "approved ")).toBe("invalid")
  })

  it("is invalid when the contract reverts or no contract is there", async () => {
    expect(await check(revertingWallet, "approved")).toBe("invalid")
    expect(await check(noContract, "approved")).toBe("invalid")
  })
})

describe("checkEip1271Signature when the node fails", () => {
  it("is unreachable when nothing listens", async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    expect(await checkEip1271Signature("http://127.0.0.1:9", wallet, hashOf("x"), signature, 5_000)).toBe(
      "unreachable",
    )
  })

  it("is unreachable on an HTTP error, asked once: the caller decides about retries", async () => {
    const node = await startBrokenNode(500)
    try {
      expect(await checkEip1271Signature(node.rpcUrl, wallet, hashOf("x"), signature, 5_000)).toBe(
        "unreachable",
      )
      expect(node.requests()).toBe(1)
    } finally {
      await node.stop()
    }
  })

  it("is unreachable when the node stays silent past the timeout", async () => {
    // viem's transport owns this timer (no Effect clock reaches it); the bound is short so the test is too.
    const node = await startBrokenNode("silent")
    try {
      expect(await checkEip1271Signature(node.rpcUrl, wallet, hashOf("x"), signature, 50)).toBe("unreachable")
    } finally {
      await node.stop()
    }
  })
})
