import { Schema } from "effect"
import { AmountString } from "./amount"
import { CaipAccountId } from "./caip"
import { ChainNamespace } from "./namespace"
import { perNamespace } from "./perNamespace"
import { SocialProvider } from "./social"
import { Token } from "./token"

/** §4 Connection status. */
export const ConnectionStatus = Schema.Literals(["disconnected", "connecting", "connected"])
export type ConnectionStatus = typeof ConnectionStatus.Type

/** Account kinds an address can be: EVM/embedded wallets have EOAs and smart accounts, Bitcoin wallets purposes. */
export const EvmAccountType = Schema.Literals(["eoa", "smartAccount"])
export const BitcoinAccountType = Schema.Literals(["payment", "ordinals", "stacks"])
export const AccountType = Schema.Literals([...EvmAccountType.literals, ...BitcoinAccountType.literals])
export type AccountType = typeof AccountType.Type

/** Which account a user prefers per namespace; only eip155 and bip122 have a choice (§9 defaults). */
export const PreferredAccountTypes = Schema.Struct({
  eip155: Schema.optionalKey(EvmAccountType),
  bip122: Schema.optionalKey(BitcoinAccountType),
  solana: Schema.optionalKey(Schema.Literal("eoa")),
  polkadot: Schema.optionalKey(Schema.Literal("eoa")),
  cosmos: Schema.optionalKey(Schema.Literal("eoa")),
})
export type PreferredAccountTypes = typeof PreferredAccountTypes.Type

/** §3 Account type object: one of the addresses a connected wallet exposes. */
export const AccountTypeObject = Schema.Struct({
  namespace: ChainNamespace,
  address: Schema.NonEmptyString,
  type: AccountType,
  publicKey: Schema.optionalKey(Schema.String),
  /** Derivation path, e.g. m/84'/0'/0'/0/0, when the wallet reports it. */
  path: Schema.optionalKey(Schema.String),
})
export type AccountTypeObject = typeof AccountTypeObject.Type

/** §3 Embedded-wallet user as the frame reports it after login. */
export const EmbeddedWalletUser = Schema.Struct({
  email: Schema.optionalKey(Schema.String),
  address: Schema.NonEmptyString,
  chainId: Schema.Union([Schema.Int, Schema.String]),
  accounts: Schema.optionalKey(
    Schema.Array(Schema.Struct({ address: Schema.String, type: Schema.Literals(["EOA", "SMART_ACCOUNT"]) })),
  ),
  userName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  smartAccountDeployed: Schema.optionalKey(Schema.Boolean),
  preferredAccountType: Schema.optionalKey(EvmAccountType),
})
export type EmbeddedWalletUser = typeof EmbeddedWalletUser.Type

/** The account view's tabs, in the order they are shown. */
export const AccountTab = Schema.Literals(["Tokens", "NFTs", "Activity"])
export type AccountTab = typeof AccountTab.Type
export const ACCOUNT_TABS: ReadonlyArray<AccountTab> = AccountTab.literals

/** The wallet the user connected with, as shown in the account view. */
export const ConnectedWalletInfo = Schema.Struct({
  name: Schema.String,
  icon: Schema.optional(Schema.String),
  type: Schema.optionalKey(Schema.String),
})

/**
 * §3 account state of one namespace. A reset account (§4) clears address, balance, profile, token balances
 * and user, which is why nearly every field may be absent.
 */
export const NamespaceAccount = Schema.Struct({
  caipAddress: Schema.optional(CaipAccountId),
  address: Schema.optional(Schema.String),
  /** Native balance as an exact decimal string; flooring to 3 decimals is display's job. */
  balance: Schema.optional(AmountString),
  balanceSymbol: Schema.optional(Schema.String),
  profileName: Schema.optional(Schema.String),
  profileImage: Schema.optional(Schema.String),
  addressExplorerUrl: Schema.optional(Schema.String),
  tokenBalance: Schema.Array(Token),
  /** Why the last load of `tokenBalance` failed (§8 'Token Balance Unavailable'); cleared by one that succeeds. */
  tokenBalanceError: Schema.optional(Schema.String),
  connectedWalletInfo: Schema.optional(ConnectedWalletInfo),
  farcasterUrl: Schema.optional(Schema.String),
  allAccounts: Schema.Array(AccountTypeObject),
  user: Schema.optional(EmbeddedWalletUser),
  smartAccountDeployed: Schema.Boolean,
  /** Names the user or a name service gave to addresses, keyed by address. */
  addressLabels: Schema.Record(Schema.String, Schema.String),
})
export type NamespaceAccount = typeof NamespaceAccount.Type

/**
 * §3 Account state: each namespace's account, and what is shared by all of them (the tab shown, preferred
 * account types, the social login). The connection `status` of §3 is the Connection state's.
 */
export const AccountState = Schema.Struct({
  byNamespace: perNamespace(NamespaceAccount),
  currentTab: AccountTab,
  preferredAccountTypes: PreferredAccountTypes,
  socialProvider: Schema.optional(SocialProvider),
})
export type AccountState = typeof AccountState.Type
