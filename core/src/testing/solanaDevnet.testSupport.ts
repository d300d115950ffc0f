import { type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { afterAll, beforeAll } from "vitest"
import { makeSolanaRpc, type SolanaRpc } from "../chains/solana/rpc/SolanaRpc"

/**
 * Test support only (not exported): a local Solana chain for the file's tests (started before them, stopped
 * after) with a client for it, and its dev accounts' addresses.
 */
export const useSolanaDevnet = (accounts = 2) => {
  let devnet: SolanaDevnet | undefined
  let rpc: SolanaRpc | undefined
  beforeAll(async () => {
    devnet = await startSolanaDevnet({ accounts })
    rpc = makeSolanaRpc(devnet.rpcUrl)
  })
  afterAll(() => devnet?.stop())
  const started = () => {
    if (devnet === undefined || rpc === undefined) throw new Error("the Solana devnet has not started")
    return { devnet, rpc }
  }
  return {
    devnet: () => started().devnet,
    rpc: () => started().rpc,
    address: (index: number) => started().devnet.accounts[index]?.address as string,
  }
}
