import { solanaAdapter, solanaChainMap, type WalletStandardConnector } from "@appkit/core/solana"
import {
  createDevSolanaWallet,
  type DevSolanaWallet,
  type DevSolanaWalletRequest,
  registerWallet,
  type SolanaDevnet,
} from "@appkit/fixtures"
import { Effect, Scope } from "effect"

/** A JSON-RPC call to the local chain, as any client would make it. */
export const solanaRpc = async (
  devnet: Pick<SolanaDevnet, "rpcUrl">,
  method: string,
  params: ReadonlyArray<unknown> = [],
) => {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: any; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export const lamportsOf = async (devnet: SolanaDevnet, address: string): Promise<bigint> =>
  BigInt((await solanaRpc(devnet, "getBalance", [address])).value)

export interface ConnectedDevWallet {
  readonly dev: DevSolanaWallet
  readonly connector: WalletStandardConnector
  readonly close: () => Promise<void>
}

/**
 * The dev wallet registered on a page-like EventTarget, found by the adapter's Wallet Standard discovery and
 * wrapped in its connector: the path a dApp takes, minus the browser.
 */
export const discoverDevWallet = async (
  devnet: SolanaDevnet,
  approve?: (request: DevSolanaWalletRequest) => boolean,
): Promise<ConnectedDevWallet> => {
  const page = new EventTarget()
  const dev = createDevSolanaWallet({
    keypairs: devnet.accounts,
    chains: [{ id: "solana:localnet", rpcUrl: devnet.rpcUrl }],
    ...(approve ? { approve } : {}),
  })
  registerWallet(page, dev.wallet)
  const scope = Effect.runSync(Scope.make())
  const connectors = await Effect.runPromise(
    Scope.provide(solanaAdapter.discoverConnectors(page, { chains: solanaChainMap(devnet.chainId) }), scope),
  )
  const [connector] = connectors
  if (connectors.length !== 1 || connector === undefined)
    throw new Error(`expected one wallet, found ${connectors.length}`)
  return { dev, connector, close: () => Effect.runPromise(Scope.close(scope, undefined as never)) }
}
