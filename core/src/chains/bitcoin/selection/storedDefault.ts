import { bitcoinDefaultProviderKey } from "../../../domain/bitcoinStorageKey"
import type { WebStorage } from "../../../storage/webStorage"

/**
 * sats-connect's saved default provider (§4) in the page's Web Storage, as the bare string that library reads and
 * writes. Persistence is a convenience: a browser that throws from its storage (quota, storage disabled, Safari
 * private mode) is warned about and otherwise ignored, and a stored value that is not a non-empty string is
 * discarded, never a crash.
 */
export interface StoredDefault {
  readonly read: () => string | undefined
  readonly write: (id: string) => void
  readonly remove: () => void
}

const attempt = (what: "read" | "write" | "remove", run: () => void) => {
  try {
    run()
  } catch (error) {
    console.warn(
      `Cannot ${what} ${bitcoinDefaultProviderKey} ${what === "write" ? "to" : "from"} storage`,
      error,
    )
  }
}

export const storedDefault = (storage: WebStorage): StoredDefault => {
  const remove = () => attempt("remove", () => storage.removeItem(bitcoinDefaultProviderKey))
  return {
    read: () => {
      let raw: unknown = null
      attempt("read", () => {
        raw = storage.getItem(bitcoinDefaultProviderKey)
      })
      if (raw === null || raw === undefined) return undefined
      if (typeof raw === "string" && raw !== "") return raw
      console.warn(`Discarding unreadable stored value for ${bitcoinDefaultProviderKey}`)
      remove()
      return undefined
    },
    write: (id) => attempt("write", () => storage.setItem(bitcoinDefaultProviderKey, id)),
    remove,
  }
}
