import type { Effect, Stream } from "effect"
import type { AccountTypeObject } from "../domain/account"
import type { CaipAccountId, CaipNetworkId } from "../domain/caip"
import type { ConnectorType } from "../domain/connector"
import type { ChainNamespace } from "../domain/namespace"
import type { Network } from "../domain/network"
import type { Cacao } from "../domain/siwx"
import type { ConnectionError } from "../errors/connection"
import type { EmbeddedFrameError, FrameAbortedError, FrameRequestError } from "../errors/embedded"
import type { ProviderRpcError } from "../errors/ProviderRpcError"
import type { WalletRequestTimeout } from "../errors/wallet"
import type { RpcPolicyError } from "../rpc/checkRpcRequest"
import type { WalletConnectError } from "./walletconnect/errors"

/** A JSON-RPC request as EIP-1193 shapes it. */
export interface RpcRequest {
  readonly method: string
  readonly params?: unknown
}

/**
 * What a wallet said after connecting: CAIP-10 accounts and the active CAIP-2 chain, decoded by the connector
 * from the wallet's own answer (the wallet boundary), so nothing past it splits or checks ids again.
 */
export interface Connection {
  readonly accounts: ReadonlyArray<CaipAccountId>
  readonly chainId: CaipNetworkId
  /** §3 account type objects, for connectors that know them (a pairing wallet's accounts on every namespace). */
  readonly allAccounts?: ReadonlyArray<AccountTypeObject> | undefined
  /** What the wallet signed to sign in while connecting (WalletConnect one-click sign-in), not yet verified. */
  readonly signIns?: ReadonlyArray<WalletSignIn> | undefined
  /**
   * The only networks the wallet serves in this connection (a WalletConnect session's chains); absent when it
   * can be asked to switch to any (a browser wallet).
   */
  readonly approvedCaipNetworkIds?: ReadonlyArray<CaipNetworkId> | undefined
}

/** A sign-in message a wallet signed while connecting, with its CACAO (the signature is `cacao.s.s`). */
export interface WalletSignIn {
  readonly message: string
  readonly cacao: Cacao
}

/** Wallet events of §3, already decoded (CAIP ids, never raw hex chain ids). */
export type ConnectorEvent =
  | {
      readonly _tag: "accountsChanged"
      readonly accounts: ReadonlyArray<CaipAccountId>
      /** The new §3 account type objects, from connectors that report them on connect. */
      readonly allAccounts?: ReadonlyArray<AccountTypeObject> | undefined
      /** The networks the wallet now serves, when the change is to them (a WalletConnect session update). */
      readonly approvedCaipNetworkIds?: ReadonlyArray<CaipNetworkId> | undefined
    }
  | { readonly _tag: "chainChanged"; readonly chainId: CaipNetworkId }
  | { readonly _tag: "connect"; readonly chainId: CaipNetworkId }
  | { readonly _tag: "disconnect" }
  | { readonly _tag: "display_uri"; readonly uri: string }
  | { readonly _tag: "message"; readonly type: string; readonly data: unknown }

/**
 * What a connector may fail with: the wallet's own answer (EIP-1193 `ProviderRpcError`: a code and a message,
 * which any wallet's failure can be decoded into), a request the RPC policy refused, a connection rule of §8,
 * a wallet that did not answer within its bound, the WalletConnect path itself, or the embedded wallet's
 * frame. A new kind of wallet maps its failures onto these.
 */
export type ConnectorError =
  | ConnectionError
  | ProviderRpcError
  | RpcPolicyError
  | WalletRequestTimeout
  | WalletConnectError
  | EmbeddedFrameError
  | FrameAbortedError
  | FrameRequestError

/**
 * The one interface every wallet connection implements (injected / EIP-6963, WalletConnect, local signer,
 * embedded wallet). The state services (Connection, Account, Network) drive connectors only through it,
 * so a new kind of wallet never touches them.
 */
export interface Connector<E extends ConnectorError = ConnectorError> {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly chain: ChainNamespace
  readonly imageUrl?: string | undefined
  readonly rdns?: string | undefined
  /**
   * Connects (or restores) and reports accounts; `chainId` is a CAIP-2 id the dApp prefers. `silent` is a
   * reconnect after a reload: the wallet must not ask the user (an injected wallet is asked `eth_accounts`, not
   * `eth_requestAccounts`, and stays on its own chain rather than switching), so one that no longer grants
   * the site its accounts answers none.
   */
  readonly connect: (options?: {
    readonly chainId?: CaipNetworkId | undefined
    readonly silent?: boolean | undefined
  }) => Effect.Effect<Connection, E>
  readonly disconnect: () => Effect.Effect<void, E>
  /** Sends a request to the wallet; the RPC allowlist is checked before this is ever called. */
  readonly request: (request: RpcRequest) => Effect.Effect<unknown, E>
  /**
   * Switches the wallet to `chainId`. `network` is that chain as the app configured it: a wallet that does not
   * know the chain is told it from there (an injected wallet's EIP-3085 wallet_addEthereumChain) and retried.
   */
  readonly switchChain: (chainId: CaipNetworkId, network?: Network) => Effect.Effect<void, E>
  readonly events: Stream.Stream<ConnectorEvent>
}
