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
})
