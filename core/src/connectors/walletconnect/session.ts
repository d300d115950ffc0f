import type SignClient from "@walletconnect/sign-client"
import { Option, Schema } from "effect"
import { type CaipAccountId, type CaipNetworkId, networkOfAccount } from "../../domain/caip"
import { Cacao } from "../../domain/siwx"
import type { WalletSignIn } from "../Connector"
import { type proposalNamespaces, unusableAccounts, usableAccounts } from "./namespaces"

/** A session as sign-client keeps it (a type import: nothing is loaded). */
export type Session = ReturnType<SignClient["session"]["getAll"]>[number]

/** The signed CAIP-122 objects (CACAOs) a wallet returned for pairing-based sign-in, one per chain. */
export type Authentications = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<SignClient["authenticate"]>>["response"]>>["auths"]
>

/** The session this connector uses and the chain requests go to. */
export interface ActiveSession {
  readonly session: Session
  readonly chainId: CaipNetworkId
}

const approvedAccounts = (session: Pick<Session, "namespaces">): ReadonlyArray<string> =>
  Object.values(session.namespaces).flatMap((namespace) => namespace.accounts)

/**
 * The CAIP-10 accounts the wallet approved, decoded and held to their namespace's address rules here (one
 * that is malformed or invalid is dropped, never passed on).
 */
export const accountsOf = (session: Pick<Session, "namespaces">): ReadonlyArray<CaipAccountId> =>
  usableAccounts(approvedAccounts(session))

/** The approved accounts `accountsOf` drops, each with why (a fresh session with any is refused). */
export const invalidAccountsOf = (session: Pick<Session, "namespaces">): ReadonlyArray<string> =>
  unusableAccounts(approvedAccounts(session))

/** `preferred` when the session has an account on it, else the chain of its first account. */
export const chainOfSession = (
  accounts: ReadonlyArray<CaipAccountId>,
  preferred: CaipNetworkId | undefined,
): CaipNetworkId | undefined => {
  const chains = accounts.map(networkOfAccount)
  return preferred !== undefined && chains.includes(preferred) ? preferred : chains[0]
}

const decodeCacao = Schema.decodeUnknownOption(Cacao)

/**
 * The CACAOs with the message text each one signs (sign-client renders it, recap statement included), for the
 * SIWX client to verify and keep. A CACAO that does not decode is left out: it could never verify.
 */
export const signInsOf = (signClient: SignClient, auths: Authentications): ReadonlyArray<WalletSignIn> =>
  auths.flatMap((auth) =>
    Option.match(decodeCacao(auth), {
      onNone: () => [],
      onSome: (cacao) => [
        { message: signClient.formatAuthMessage({ request: auth.p, iss: auth.p.iss }), cacao },
      ],
    }),
  )

/** sign-client's parameter types want mutable arrays. */
export const mutableNamespaces = (namespaces: ReturnType<typeof proposalNamespaces>) =>
  Object.fromEntries(
    Object.entries(namespaces).map(([key, { chains, methods, events }]) => [
      key,
      { chains: [...chains], methods: [...methods], events: [...events] },
    ]),
  )
