import type { WebStorage } from "../storage/webStorage"

/** A browser storage that refuses everything, as a disabled or blocked one does (Safari private mode, quota). */
export const throwingWebStorage: WebStorage = {
  getItem: () => {
    throw new Error("SecurityError")
  },
  setItem: () => {
    throw new Error("QuotaExceededError")
  },
  removeItem: () => {
    throw new Error("SecurityError")
  },
}
