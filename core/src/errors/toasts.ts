import type { ToastVariant } from "../domain/toast"
import { isUserRejection } from "./ProviderRpcError"

/** The toast texts of §8, with the variant each is shown as. Skins render them; core decides which one. */
export const toastMessages = {
  authInitFailed: { variant: "error", message: "A problem occurred while trying initialize authentication" },
  signatureDeclined: { variant: "error", message: "Signature declined" },
  // §3 has no warning variant: this caution is an info toast.
  smartAccountsUnsupported: { variant: "info", message: "This application might not support Smart Accounts" },
  tokenBalanceUnavailable: { variant: "error", message: "Token Balance Unavailable" },
  authenticating: { variant: "loading", message: "Authenticating..." },
  transactionsFetchFailed: { variant: "error", message: "Failed to fetch transactions" },
} as const satisfies Record<string, { readonly variant: ToastVariant; readonly message: string }>

export type ToastKey = keyof typeof toastMessages

/** The toast a failed wallet request shows: a user rejection (4001) is 'Signature declined'. */
export const toastForWalletError = (error: unknown): ToastKey | undefined =>
  isUserRejection(error) ? "signatureDeclined" : undefined
