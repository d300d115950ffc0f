import { Effect, Option, PubSub, type Scope, Stream } from "effect"
import type { AccountTypeObject, EmbeddedWalletUser } from "../../domain/account"
import { accountOn, type CaipNetworkId, decodeCaipNetworkId, parseChainId } from "../../domain/caip"
import { ConnectionError } from "../../errors/connection"
import type { Connection, Connector, ConnectorEvent } from "../Connector"
import type { EmbeddedWallet, EmbeddedWalletError } from "./EmbeddedWallet"

/**
 * The embedded wallet as a §3 AUTH connector, so Connection, Account and Network state drive it like any other
 * wallet. Its `connect` restores the frame's session (after a reload, or once an email, social or Farcaster
 * flow of EmbeddedWallet has signed the user in); it never starts a flow itself.
 */
export type EmbeddedConnectorError = EmbeddedWalletError | ConnectionError

export interface EmbeddedConnector extends Connector<EmbeddedConnectorError> {
  readonly wallet: EmbeddedWallet
  /** §4 account-type switch (falling back to the EOA on error); announces the new account. */
  readonly setAccountType: (type: "eoa" | "smartAccount") => Effect.Effect<string, EmbeddedConnectorError>
}

/** The user's accounts as §3 account type objects. */
export const accountTypeObjects = (user: EmbeddedWalletUser): ReadonlyArray<AccountTypeObject> =>
  (user.accounts ?? [{ address: user.address, type: "EOA" as const }]).map((account) => ({
    namespace: "eip155",
    address: account.address,
    type: account.type === "EOA" ? "eoa" : "smartAccount",
  }))

/** The CAIP-2 id of the frame's EVM chain id; none for one that makes no CAIP-2 id. */
const evmNetwork = (chainId: number | string): Option.Option<CaipNetworkId> =>
  decodeCaipNetworkId(`eip155:${chainId}`)

/** The user's connection, decoded from the frame's answer; none when it names no CAIP-10 account. */
export const connectionOf = (user: EmbeddedWalletUser): Option.Option<Connection> =>
  Option.flatMap(evmNetwork(user.chainId), (network) =>
    Option.map(accountOn(network, user.address), (account) => ({
      accounts: [account],
      chainId: network,
      allAccounts: accountTypeObjects(user),
    })),
  )

/** The EVM chain id of a CAIP-2 eip155 id; anything else is not a chain this wallet signs on. */
const evmChainId = (caip: string): number | undefined => {
  const parsed = parseChainId(caip)
  if (parsed._tag === "Failure" || parsed.success.namespace !== "eip155") return undefined
  const id = Number(parsed.success.reference)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

export const makeEmbeddedConnector = Effect.fn("EmbeddedConnector.make")(function* (
  wallet: EmbeddedWallet,
  options: {
    readonly id?: string
    readonly name?: string
    /** The account type the dApp asks for (Account state's preference), read at each connect. */
    readonly preferredAccountType?: Effect.Effect<"eoa" | "smartAccount" | undefined>
  } = {},
): Effect.fn.Return<EmbeddedConnector, never, Scope.Scope> {
  const events = yield* Effect.acquireRelease(PubSub.unbounded<ConnectorEvent>(), PubSub.shutdown)
  let chainId: number | undefined
  const publish = (event: ConnectorEvent) => PubSub.publish(events, event)
  // A refused request may mean the site ended the session (it expired, or was signed out elsewhere): the
  // frame then holds none, and the dApp must stop showing the wallet as connected so it offers the login.
  const whileSignedIn = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E>) =>
    Effect.tapError(effect, (error) =>
      error._tag === "FrameRequestError"
        ? Effect.flatMap(Effect.option(wallet.messenger.request({ _tag: "IsConnected" })), (answer) =>
            Option.isSome(answer) && !answer.value.isConnected
              ? Effect.andThen(
                  Effect.sync(() => (chainId = undefined)),
                  publish({ _tag: "disconnect" }),
                )
              : Effect.void,
          )
        : Effect.void,
    )

  return {
    id: options.id ?? "embedded",
    name: options.name ?? "Email and socials",
    type: "AUTH",
    chain: "eip155",
    wallet,
    connect: (connectOptions) =>
      Effect.gen(function* () {
        const requested =
          connectOptions?.chainId === undefined ? undefined : evmChainId(connectOptions.chainId)
        const preferredAccountType =
          options.preferredAccountType === undefined ? undefined : yield* options.preferredAccountType
        const user = yield* wallet.restore({ chainId: requested ?? chainId, preferredAccountType })
        if (user._tag === "None") return yield* new ConnectionError({ reason: "connectorNotConnected" })
        const connection = connectionOf(user.value)
        if (Option.isNone(connection))
          return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
        chainId = Number(user.value.chainId)
        return connection.value
      }),
    disconnect: () =>
      Effect.andThen(
        wallet.signOut,
        Effect.andThen(
          Effect.sync(() => (chainId = undefined)),
          publish({ _tag: "disconnect" }),
        ),
      ),
    request: (request) => whileSignedIn(wallet.request(request, chainId)),
    switchChain: (caip) =>
      Effect.gen(function* () {
        const target = evmChainId(caip)
        if (target === undefined) return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        chainId = yield* whileSignedIn(wallet.switchNetwork(target))
        const switched = evmNetwork(chainId)
        if (Option.isNone(switched)) return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        yield* publish({ _tag: "chainChanged", chainId: switched.value })
      }),
    setAccountType: (type) =>
      Effect.gen(function* () {
        const switched = yield* whileSignedIn(wallet.setPreferredAccount(type))
        const user = yield* whileSignedIn(wallet.getUser({ chainId }))
        yield* publish({
          _tag: "accountsChanged",
          accounts: Option.toArray(
            Option.flatMap(evmNetwork(user.chainId), (network) => accountOn(network, switched.address)),
          ),
          allAccounts: accountTypeObjects(user),
        })
        return switched.address
      }),
    events: Stream.fromPubSub(events),
  }
})
