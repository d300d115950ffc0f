import type { Wallet } from "@wallet-standard/base"
import { Effect, type Scope } from "effect"
import { DEFAULT_ACCOUNT_TYPES, Solana } from "../../config/constants"
import type { ConnectorError } from "../../connectors/Connector"
import { getSolBalance } from "./balance"
import type { SolanaChainMap } from "./clusters"
import type { ConfirmOptions } from "./confirm"
import type { SolanaRpc } from "./rpc/SolanaRpc"
import { makeSolanaRpc } from "./rpc/SolanaRpc"
import { type SolanaWallet, sendSol, sendSplToken } from "./sendTransfer"
import { getSplTokenBalances } from "./tokenBalances"
import { discoverWalletStandardWallets, watchWalletStandardWallets } from "./walletStandard/discovery"
import {
  makeWalletStandardConnector,
  type WalletStandardConnector,
  type WalletStandardConnectorOptions,
} from "./walletStandard/WalletStandardConnector"

/**
 * Solana as one object with the operations every chain adapter offers (the shape the state services will
 * drive per namespace): its connectors, native and token balances, and sends. Amounts are base units.
 */
export const solanaAdapter = {
  namespace: "solana",
  defaultAccountType: DEFAULT_ACCOUNT_TYPES.solana,
  nativeCurrency: { symbol: "SOL", decimals: Solana.decimals },
  rpc: makeSolanaRpc,
  /** The connectors of the Wallet Standard wallets on `target` now (one per wallet, alive with the scope). */
  discoverConnectors: (
    target: EventTarget,
    options: WalletStandardConnectorOptions,
  ): Effect.Effect<ReadonlyArray<WalletStandardConnector>, never, Scope.Scope> =>
    Effect.flatMap(discoverWalletStandardWallets(target), (wallets) =>
      Effect.forEach(wallets, (wallet: Wallet) => makeWalletStandardConnector(wallet, options)),
    ),
  watchWallets: watchWalletStandardWallets,
  makeConnector: makeWalletStandardConnector,
  getNativeBalance: getSolBalance,
  getTokenBalances: getSplTokenBalances,
  sendNative: <E extends ConnectorError>(
    rpc: SolanaRpc,
    wallet: SolanaWallet<E>,
    transfer: { readonly from: string; readonly to: string; readonly amount: bigint },
    confirm?: ConfirmOptions,
  ) => sendSol(rpc, wallet, { from: transfer.from, to: transfer.to, lamports: transfer.amount }, confirm),
  sendToken: <E extends ConnectorError>(
    rpc: SolanaRpc,
    wallet: SolanaWallet<E>,
    transfer: { readonly from: string; readonly to: string; readonly token: string; readonly amount: bigint },
    confirm?: ConfirmOptions,
  ) =>
    sendSplToken(
      rpc,
      wallet,
      { from: transfer.from, to: transfer.to, mint: transfer.token, amount: transfer.amount },
      confirm,
    ),
} as const

export type SolanaAdapter = typeof solanaAdapter
export type { SolanaChainMap }
