import { Effect, type Scope } from "effect"
import {
  type EmbeddedConnector,
  type EmbeddedConnectorError,
  makeEmbeddedConnector,
} from "./EmbeddedConnector"
import { makeEmbeddedWallet } from "./EmbeddedWallet"
import { type FramePort, makeFrameMessenger } from "./FrameMessenger"

/**
 * Everything the embedded wallet needs once a frame is there: the messenger over it, the §4 wallet, its
 * start-up (introducing the dApp, reading the smart-account networks) and the AUTH connector. What the
 * frame is — an iframe in a page, or the secure site's frame handler in a terminal's process — is the
 * caller's; the messenger, and every request it makes, lives as long as `Scope`.
 */
export interface EmbeddedWalletSetup {
  readonly port: FramePort
  readonly secureSiteOrigin: string
  readonly dappName: string
  readonly dappUrl?: string | undefined
  readonly connectorId?: string | undefined
  /** The account type the dApp asks for, read at each connect (a reload restores the same account). */
  readonly preferredAccountType?: Effect.Effect<"eoa" | "smartAccount" | undefined>
}

export interface LoadedEmbeddedWallet {
  readonly connector: EmbeddedConnector
  /** EVM chain ids where the secure site runs smart accounts. */
  readonly smartAccountEnabledNetworks: ReadonlyArray<number>
}

export const loadEmbeddedWallet = Effect.fn("EmbeddedWallet.load")(function* (
  setup: EmbeddedWalletSetup,
): Effect.fn.Return<LoadedEmbeddedWallet, EmbeddedConnectorError, Scope.Scope> {
  const messenger = yield* makeFrameMessenger({ port: setup.port, secureSiteOrigin: setup.secureSiteOrigin })
  const wallet = makeEmbeddedWallet({
    messenger,
    dappName: setup.dappName,
    ...(setup.dappUrl === undefined ? {} : { dappUrl: setup.dappUrl }),
  })
  const smartAccountEnabledNetworks = yield* wallet.initialize
  const connector = yield* makeEmbeddedConnector(wallet, {
    ...(setup.connectorId === undefined ? {} : { id: setup.connectorId }),
    ...(setup.preferredAccountType === undefined ? {} : { preferredAccountType: setup.preferredAccountType }),
  })
  return { connector, smartAccountEnabledNetworks }
})
