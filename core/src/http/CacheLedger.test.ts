import { describe, expect, it } from "vitest"
import { CacheLedger, type Slot } from "./CacheLedger"

interface TestSlot extends Slot {
  usable: boolean
  expiresAt: number
}

const slot = (kind: string, id: string, usable = true, expiresAt = Number.POSITIVE_INFINITY): TestSlot => ({
  id: `${kind}/${id}`,
  kind,
  lockedUntil: 0,
  pins: 0,
  observers: 0,
  gone: false,
  usable,
  expiresAt,
})

/** A ledger whose facts count how often they are asked: the work a decision took. */
const ledger = (capacity: number) => {
  const asked = { usable: 0, expired: 0 }
  const book = new CacheLedger<TestSlot>(capacity, {
    usable: (s) => {
      asked.usable++
      return s.usable
    },
    expired: (s, now) => {
      asked.expired++
      return now >= s.expiresAt
    },
  })
  /** Adds a slot as a fetch would, and settles that fetch unless `pinned`. */
  const hold = (s: TestSlot, pinned = false) => {
    book.add(s, false)
    if (!pinned) book.unpin(s)
    return s
  }
  return { book, asked, hold }
}

describe("CacheLedger", () => {
  it("finds room in constant work, however many of the kind's slots are pinned", () => {
    const { book, asked, hold } = ledger(10_000)
    for (let i = 0; i < 9_999; i++) hold(slot("balance", `${i}`), true)
    const idle = hold(slot("balance", "idle"))
    asked.expired = 0
    expect(book.admit("balance", 0)).toBe(true)
    expect(idle.gone).toBe(true)
    book.add(slot("balance", "new"), false)
    expect(book.admit("balance", 0)).toBe(false) // every counted slot is pinned: no room, and no search
    expect(asked.expired).toBeLessThanOrEqual(2)
    expect(book.size("balance")).toEqual({ counted: 10_000, observed: 0 })
  })

  it("releases run-out locks from the front of the queue, each once", () => {
    const { book, asked, hold } = ledger(3)
    const locks = [10, 20, 30].map((until, i) => {
      const s = hold(slot("balance", `locked${i}`, false), true)
      s.lockedUntil = until
      book.lock(s)
      book.unpin(s)
      return s
    })
    expect(book.admit("balance", 15)).toBe(true) // the first lock is over: its slot goes
    expect(locks.map((s) => s.gone)).toEqual([true, false, false])
    book.add(slot("balance", "new"), false)
    expect(book.admit("balance", 15)).toBe(false) // still locked, and the new one is being fetched
    expect(asked.usable).toBe(1)
  })

  it("keeps observed slots outside the cap and counts them again when their observers leave", () => {
    const { book, hold } = ledger(2)
    const watched = slot("name", "watched")
    book.add(watched, true)
    book.pin(watched) // a fetch of the watched key, which the observer's pin outlives
    book.unpin(watched)
    const a = hold(slot("name", "a"))
    const b = hold(slot("name", "b"))
    expect(book.size("name")).toEqual({ counted: 2, observed: 1 })
    book.unobserve(watched, 0)
    expect(book.size("name")).toEqual({ counted: 2, observed: 0 })
    expect([a.gone, b.gone, watched.gone]).toEqual([true, false, false])
  })

  it("counts a key again only when its last observer leaves", () => {
    const { book, hold } = ledger(3)
    const key = hold(slot("name", "key"))
    book.observe(key)
    expect(book.size("name")).toEqual({ counted: 0, observed: 1 }) // the first observer takes it off the cap
    book.observe(key)
    expect(book.size("name")).toEqual({ counted: 0, observed: 1 })
    book.unobserve(key, 0)
    expect(book.size("name")).toEqual({ counted: 0, observed: 1 })
    book.unobserve(key, 0)
    expect(book.size("name")).toEqual({ counted: 1, observed: 0 })
    expect(key.gone).toBe(false)
  })

  it("evicts nothing when a key that stops being observed brings its kind exactly to the cap", () => {
    const { book, hold } = ledger(2)
    const a = hold(slot("name", "a"))
    const watched = slot("name", "watched")
    book.add(watched, true)
    book.unpin(watched)
    book.unobserve(watched, 0)
    expect(book.size("name")).toEqual({ counted: 2, observed: 0 })
    expect([a.gone, watched.gone]).toEqual([false, false])
  })

  it("keeps a slot pinned as many times as it was pinned", () => {
    const { book, hold } = ledger(1)
    const held = hold(slot("name", "held"))
    book.pin(held)
    book.pin(held)
    book.unpin(held)
    expect(book.admit("name", 0)).toBe(false)
    book.unpin(held)
    expect(book.admit("name", 0)).toBe(true)
    expect(held.gone).toBe(true)
  })

  it("frees a slot once unlocked, and moves a renewed lock behind the others", () => {
    const { book, hold } = ledger(2)
    const first = hold(slot("balance", "first", false))
    const second = hold(slot("balance", "second", false))
    for (const [locked, until] of [
      [first, 10],
      [second, 20],
      [first, 30], // renewed: now the last lock to run out
    ] as const) {
      locked.lockedUntil = until
      book.lock(locked)
    }
    expect(book.admit("balance", 25)).toBe(true)
    expect([first.gone, second.gone]).toEqual([false, true])
    const third = hold(slot("balance", "third"))
    book.unlock(first)
    expect(first.lockedUntil).toBe(0)
    expect(book.admit("balance", 0)).toBe(true) // the unlocked failure goes before the usable answer
    expect([first.gone, third.gone]).toEqual([true, false])
  })

  it("never evicts a pinned slot, even one whose data was spoiled", () => {
    const { book, hold } = ledger(1)
    const fetching = hold(slot("name", "fetching"), true)
    book.spoil(fetching)
    expect(book.admit("name", 0)).toBe(false)
    expect(fetching.gone).toBe(false)
  })

  it("makes an unlocked slot evictable at once, ahead of failures that came after it", () => {
    const { book, hold } = ledger(2)
    const unlocked = hold(slot("balance", "unlocked", false))
    unlocked.lockedUntil = 10
    book.lock(unlocked)
    book.unlock(unlocked) // a success or an invalidation lifts the lock before it runs out
    const later = hold(slot("balance", "later", false))
    expect(book.admit("balance", 0)).toBe(true)
    expect([unlocked.gone, later.gone]).toEqual([true, false])
  })
})
