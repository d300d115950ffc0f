/** The part of the Web Storage API the layer uses (localStorage, sessionStorage, or a test double of it). */
export interface WebStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The page's localStorage; none where there is none, or where reading it throws (storage blocked for the page). */
export const pageLocalStorage = (): WebStorage | undefined => {
  try {
    return (globalThis as { readonly localStorage?: WebStorage }).localStorage ?? undefined
  } catch {
    return undefined
  }
}

/** Web Storage kept in memory (in `map`), for where the page has none (server rendering, workers, a blocked frame). */
export const memoryWebStorage = (map = new Map<string, string>()): WebStorage => {
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}
