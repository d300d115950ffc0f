// The public API of @appkit/react-ui: the provider, the hooks, the buttons and the custom elements.
export { AppKitProvider, type AppKitProviderProps } from "./binding/AppKitProvider"
export { MissingAppKitProviderError } from "./binding/context"
export type { AppKitEvent, AppKitEventName } from "./binding/events"
export {
  type AppKitAccount,
  type BalanceResult,
  useAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useDisconnect,
  useWalletInfo,
  type WalletProvider,
} from "./binding/hooks"
export { shallowEqual, useAppKitSelector } from "./binding/useAppKitSelector"
export { AccountButton, type AccountButtonProps } from "./buttons/AccountButton"
export { AppKitButton, type AppKitButtonProps } from "./buttons/AppKitButton"
export { NetworkButton } from "./buttons/NetworkButton"
export { type AppKitElementsOptions, defineAppKitElements } from "./element"
export { AppKitImage, type AppKitImageProps } from "./image/Image"
export type { ThemeMode, ThemeOptions, ThemeVariables } from "./theme/theme"
