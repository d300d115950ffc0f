import { type Anvil, startAnvil } from "@appkit/fixtures"
import { createClient, decodeEventLog, erc20Abi, type Hex, http } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { call, deployContract, readContract, waitForTransactionReceipt, writeContract } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { erc20CreationCode } from "./erc20"

const supply = 1_000_000n * 10n ** 18n

describe("the hand-assembled ERC-20", () => {
  let anvil: Anvil
  let token: `0x${string}`
  let client: ReturnType<typeof createClient>
  const holder = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
  const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    client = createClient({ transport: http(anvil.rpcUrl), account: holder })
    const hash = await deployContract(client, {
      abi: erc20Abi,
      bytecode: erc20CreationCode(supply),
      chain: null,
      account: holder,
    })
    const receipt = await waitForTransactionReceipt(client, { hash })
    if (!receipt.contractAddress) throw new Error("no contract deployed")
    token = receipt.contractAddress
  })
  afterAll(() => anvil.stop())

  const read = (functionName: "decimals" | "totalSupply") =>
    readContract(client, { address: token, abi: erc20Abi, functionName })
  const balanceOf = (owner: `0x${string}`) =>
    readContract(client, { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] })

  it("answers the standard views: 18 decimals, the minted supply, all of it held by the deployer", async () => {
    expect(await read("decimals")).toBe(18)
    expect(await read("totalSupply")).toBe(supply)
    expect(await balanceOf(holder.address)).toBe(supply)
    expect(await balanceOf(other)).toBe(0n)
    expect(await readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" })).toBe("TST")
  })

  it("transfers, moving exactly the amount and emitting Transfer(from, to, value)", async () => {
    const hash = await writeContract(client, {
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [other, 1234n],
      chain: null,
      account: holder,
    })
    const receipt = await waitForTransactionReceipt(client, { hash })
    expect(receipt.status).toBe("success")
    expect(await balanceOf(other)).toBe(1234n)
    expect(await balanceOf(holder.address)).toBe(supply - 1234n)
    const [log] = receipt.logs
    expect(log?.address).toBe(token)
    const event = decodeEventLog({
      abi: erc20Abi,
      data: log?.data as Hex,
      topics: log?.topics as [Hex, ...Hex[]],
    })
    expect(event).toEqual({ eventName: "Transfer", args: { from: holder.address, to: other, value: 1234n } })
    expect(await read("totalSupply")).toBe(supply)
  })

  it("reverts an overdraft (the other holder has 1234 after the transfer above) and an unknown function", async () => {
    const overdraft = {
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [holder.address, 1235n],
    } as const
    await expect(
      readContract(client, {
        ...overdraft,
        account: privateKeyToAccount(anvil.accounts[1]?.privateKey as Hex),
      } as never),
    ).rejects.toThrow(/revert/i)
    await expect(call(client, { to: token, data: "0x06fdde03" })).rejects.toThrow(/revert/i) // name()
  })
})
