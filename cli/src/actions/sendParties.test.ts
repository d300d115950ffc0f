import { evmProviderClient } from "@appkit/core/evm"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import { type Address, getAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { nodeRpcProvider } from "../nodeRpc"
import { sendParties } from "./sendParties"

describe("send's from and submittedBy", () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 3 })
  })
  afterAll(() => anvil.stop())

  const client = () => evmProviderClient(nodeRpcProvider(anvil.rpcUrl))
  const account = (index: number) => getAddress(anvil.accounts[index]?.address as string)
  const latest = async () => BigInt((await client().request({ method: "eth_blockNumber" })) as string)

  it("names the account itself twice when it submitted its own transaction", async () => {
    const receipt = { from: account(0).toLowerCase() as Address, blockNumber: await latest() }
    expect(await sendParties(client(), receipt, account(0))).toEqual({
      from: account(0),
      submittedBy: account(0),
    })
  })

  it("names a smart account (code on the chain) as from, and its sponsor as submittedBy", async () => {
    const smartAccount = getAddress("0x00000000000000000000000000000000000a11ce")
    await client().request({
      method: "anvil_setCode",
      params: [smartAccount, "0x600160005260206000f3"],
    } as never)
    await client().request({ method: "evm_mine", params: [] } as never)
    const receipt = { from: account(2), blockNumber: await latest() }
    expect(await sendParties(client(), receipt, smartAccount)).toEqual({
      from: smartAccount,
      submittedBy: account(2),
    })
  })

  it("takes the chain's word when a wallet sent from another plain account than the session's", async () => {
    const receipt = { from: account(1), blockNumber: await latest() }
    expect(await sendParties(client(), receipt, account(0))).toEqual({
      from: account(1),
      submittedBy: account(1),
    })
  })

  it("says the node could not be read rather than guessing", async () => {
    const gone = evmProviderClient(nodeRpcProvider("http://127.0.0.1:9"))
    await expect(sendParties(gone, { from: account(1), blockNumber: 1n }, account(0))).rejects.toMatchObject({
      code: "NodeUnreachable",
      message: expect.stringContaining(`Cannot read ${account(0)}'s code from the node`),
    })
  })
})
