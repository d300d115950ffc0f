import { afterEach, describe, expect, it, vi } from "vitest"
import { memoryWebStorage, type WebStorage } from "../../../storage/webStorage"
import { throwingWebStorage } from "../../../testing/webStorage.testSupport"
import { storedDefault } from "./storedDefault"

const key = "sats-connect_defaultProvider"

/** Web Storage holding `value` under the key, as a test double may (real storage holds only strings). */
const holding = (value: unknown): WebStorage & { removed: Array<string> } => {
  const removed: Array<string> = []
  return {
    removed,
    getItem: () => value as string,
    setItem: () => {},
    removeItem: (name) => void removed.push(name),
  }
}

describe("the stored default Bitcoin provider", () => {
  afterEach(() => vi.restoreAllMocks())

  it("is the bare string sats-connect itself reads and writes, under its own key", () => {
    const storage = memoryWebStorage()
    const stored = storedDefault(storage)
    expect(stored.read()).toBeUndefined()
    stored.write("XverseProviders.BitcoinProvider")
    expect(storage.getItem(key)).toBe("XverseProviders.BitcoinProvider")
    expect(stored.read()).toBe("XverseProviders.BitcoinProvider")
    stored.remove()
    expect(storage.getItem(key)).toBeNull()
  })

  it("discards an empty string or a value that is not a string, with a warning, never a crash", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    for (const value of ["", 42, { id: "unisat" }]) {
      const storage = holding(value)
      expect(storedDefault(storage).read()).toBeUndefined()
      expect(storage.removed).toEqual([key])
    }
    expect(warn).toHaveBeenCalledWith(`Discarding unreadable stored value for ${key}`)
    expect(storedDefault(holding("unisat")).read()).toBe("unisat")
  })

  it("reads a storage that throws as empty, and drops writes and removals it refuses, with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const stored = storedDefault(throwingWebStorage)
    expect(stored.read()).toBeUndefined()
    stored.write("unisat")
    stored.remove()
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      `Cannot read ${key} from storage`,
      `Cannot write ${key} to storage`,
      `Cannot remove ${key} from storage`,
    ])
  })
})
