import type {
  AlertState,
  AppKit,
  AppKitNetwork,
  AppKitState,
  ChainNamespace,
  NamespaceAccount,
  SocialProvider,
} from "@appkit/core"
import { createContext, useContext, useMemo, useSyncExternalStore } from "react"
import { useAppKitInstance } from "./context"
import { errorMessage } from "./errorMessage"
import type { AppKitEvent, EventStore } from "./events"
import { shallowEqual, useAppKitSelector } from "./useAppKitSelector"

/**
 * The public hooks, named and shaped as Reown AppKit's users expect. Each reads one slice through
 * useAppKitSelector (so it re-renders only when that slice changes) and calls the core's actions.
 */

/** Per provider: whether `appKit.ready` has settled, and the event store. Kept apart from the instance context. */
export interface ValueStore<T> {
  readonly subscribe: (listener: () => void) => () => void
  readonly get: () => T
}

export interface ProviderStores {
  readonly initialized: ValueStore<boolean>
  /**
   * The core's project check (run once, in the browser: it needs the page's origin), which raises the §8
   * alert the project's configuration calls for into the state's `alert`; true once it has run.
   */
  readonly projectCheck: ValueStore<boolean>
  readonly events: EventStore
}
export const ProviderStoresContext = createContext<ProviderStores | undefined>(undefined)

const useProviderStores = (hook: string): ProviderStores => {
  const stores = useContext(ProviderStoresContext)
  if (stores === undefined) throw new Error(`${hook} must be used inside <AppKitProvider appKit={…}>`)
  return stores
}

type OpenOptions = Parameters<AppKit["open"]>[0]

/** Opens the modal (at a view, e.g. `{ view: "Networks" }`) and closes it. */
export const useAppKit = () => {
  const appKit = useAppKitInstance("useAppKit")
  return useMemo(
    () => ({
      open: (options?: OpenOptions) => appKit.open(options),
      close: () => appKit.close(),
    }),
    [appKit],
  )
}

const activeNamespace = (state: AppKitState, namespace: ChainNamespace | undefined) =>
  namespace ?? state.network.activeNamespace

/** An embedded (email or social) wallet's login, as Reown's `useAppKitAccount` gives it. */
export interface EmbeddedWalletInfo {
  readonly user: { readonly email?: string | undefined; readonly username?: string | undefined }
  readonly authProvider: SocialProvider | "email"
  readonly accountType: "eoa" | "smartAccount" | undefined
  readonly isSmartAccountDeployed: boolean
}

export interface AppKitAccount {
  readonly address: string | undefined
  readonly caipAddress: string | undefined
  readonly isConnected: boolean
  readonly status: AppKitState["connection"]["status"]
  readonly allAccounts: NamespaceAccount["allAccounts"]
  /** Set while an embedded wallet is connected. */
  readonly embeddedWalletInfo: EmbeddedWalletInfo | undefined
}

const noAccounts: NamespaceAccount["allAccounts"] = []

/** The account of a namespace (the active one by default). */
export const useAppKitAccount = (options?: { readonly namespace?: ChainNamespace }): AppKitAccount => {
  const slice = useAppKitSelector((state) => {
    const namespace = activeNamespace(state, options?.namespace)
    const account = state.account.byNamespace[namespace]
    const isConnected = state.connection.connections[namespace] !== undefined
    const { status } = state.connection
    return {
      address: account?.address,
      caipAddress: account?.caipAddress,
      isConnected,
      // The core's status is the instance's; a namespace no wallet is connected on is disconnected (as Reown's).
      status: !isConnected && status === "connected" ? "disconnected" : status,
      allAccounts: account?.allAccounts ?? noAccounts,
      user: account?.user,
      socialProvider: state.account.socialProvider,
    }
  }, shallowEqual)
  return useMemo((): AppKitAccount => {
    const { user, socialProvider, ...account } = slice
    if (user === undefined) return { ...account, embeddedWalletInfo: undefined }
    return {
      ...account,
      embeddedWalletInfo: {
        user: { email: user.email, username: user.userName ?? undefined },
        authProvider: socialProvider ?? "email",
        accountType: user.preferredAccountType,
        isSmartAccountDeployed: user.smartAccountDeployed ?? false,
      },
    }
  }, [slice])
}

/** The active network and a switch to another requested one (a network as createAppKit takes it, or its CAIP-2 id). */
export const useAppKitNetwork = () => {
  const appKit = useAppKitInstance("useAppKitNetwork")
  const caipNetwork = useAppKitSelector((state) => state.network.caipNetwork)
  return useMemo(
    () => ({
      caipNetwork,
      caipNetworkId: caipNetwork.caipNetworkId,
      chainId: caipNetwork.id,
      // Any network createAppKit takes (a viem chain, a Reown network, a CAIP-2 id): the core resolves it.
      switchNetwork: (network: AppKitNetwork | string) => appKit.switchNetwork(network),
    }),
    [appKit, caipNetwork],
  )
}

/** Whether the modal is open or loading, the selected network and namespace, and whether the stored session is back. */
export const useAppKitState = () => {
  const { initialized } = useProviderStores("useAppKitState")
  const isInitialized = useSyncExternalStore(initialized.subscribe, initialized.get, () => false)
  const slice = useAppKitSelector(
    (state) => ({
      open: state.modal.open,
      loading: Object.values(state.modal.loading).some(Boolean),
      selectedNetworkId: state.network.caipNetwork.caipNetworkId,
      activeChain: state.network.activeNamespace,
    }),
    shallowEqual,
  )
  return useMemo(() => ({ ...slice, initialized: isInitialized }), [slice, isInitialized])
}

/**
 * The §8 alert to show in the modal (internal): the core's `alert` state, raised by the project check (which
 * the first caller starts) or by analytics answering 403.
 */
export const useAlert = (): AlertState => {
  const { projectCheck } = useProviderStores("useAlert")
  useSyncExternalStore(projectCheck.subscribe, projectCheck.get, () => false)
  return useAppKitSelector((state) => state.alert)
}

/** The latest AppKit event (`MODAL_OPEN`, `CONNECT_SUCCESS`, …); undefined until one happens. */
export const useAppKitEvents = (): AppKitEvent | undefined => {
  const { events } = useProviderStores("useAppKitEvents")
  return useSyncExternalStore(events.subscribe, events.getSnapshot, events.getSnapshot)
}

/** The connected wallet's name and icon. */
export const useWalletInfo = (namespace?: ChainNamespace) => {
  const walletInfo = useAppKitSelector(
    (state) => state.account.byNamespace[activeNamespace(state, namespace)]?.connectedWalletInfo,
  )
  return { walletInfo }
}

export const useDisconnect = () => {
  const appKit = useAppKitInstance("useDisconnect")
  return useMemo(
    () => ({
      disconnect: (options?: { readonly namespace?: ChainNamespace }) =>
        appKit.disconnect(options?.namespace),
    }),
    [appKit],
  )
}

export interface BalanceResult {
  readonly data: { readonly balance: string; readonly symbol: string } | undefined
  /** Null on success, as Reown's. */
  readonly error: string | null
  readonly isSuccess: boolean
  readonly isError: boolean
}

/**
 * Reads the active account's native balance afresh from its network (the core's `getBalance`: exact, formatted
 * in full) and answers Reown's shape; a read that fails is an error, never the last balance shown.
 */
export const useAppKitBalance = () => {
  const appKit = useAppKitInstance("useAppKitBalance")
  return useMemo(
    () => ({
      fetchBalance: (): Promise<BalanceResult> =>
        appKit.getBalance().then(
          ({ formatted, symbol }) => ({
            data: { balance: formatted, symbol },
            error: null,
            isSuccess: true,
            isError: false,
          }),
          (error: unknown) => ({
            data: undefined,
            error: errorMessage(error),
            isSuccess: false,
            isError: true,
          }),
        ),
    }),
    [appKit],
  )
}

/** An EIP-1193 `request` to the connected wallet of `namespace` (the core's RPC allowlist applies). */
export interface WalletProvider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
}

export const useAppKitProvider = (namespace: ChainNamespace) => {
  const appKit = useAppKitInstance("useAppKitProvider")
  const connectorId = useAppKitSelector((state) => state.connection.connections[namespace]?.connectorId)
  const walletProviderType = useAppKitSelector(
    (state) => state.connectors.connectors.find((connector) => connector.id === connectorId)?.type,
  )
  return useMemo(
    () => ({
      walletProvider:
        connectorId === undefined
          ? undefined
          : ({ request: (args) => appKit.walletRequest(namespace, args) } satisfies WalletProvider),
      walletProviderType,
    }),
    [appKit, namespace, connectorId, walletProviderType],
  )
}
