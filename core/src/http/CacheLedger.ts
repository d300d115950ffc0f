/**
 * The bookkeeping half of the query cache: which keys it holds and which one goes when a kind is full,
 * every operation O(1).
 *
 * Capacity is per kind (the first element of a key: balance, name, supportedChains, wallets, ...). Kinds
 * differ by orders of magnitude in count and in lifetime, and one LRU across them fails both ways: a sweep
 * of 1,000 balances flushes the single supported-chains list every balance read consults, and that list, read
 * before each balance, takes a slot from the balances, so re-reading the newest 1,000 of them cycled through
 * 999 slots and never hit (measured: 0 %). With a budget per kind a hot key of one kind never competes with
 * the working set of another, and a kind's newest `capacity` keys stay readable. (Admission policies that
 * protect frequently read keys, such as TinyLFU, would keep the shared list but still leave the balances one
 * slot short of their working set: a recency pattern, which only room in their own kind fixes.) The kinds
 * are the literal first elements the API clients use, a handful, so the whole cache stays bounded.
 *
 * A slot is pinned while it is fetched, observed or under an error lock: a pinned slot is never evicted,
 * and sits in none of the eviction lists, so finding a victim never walks past one. Observed slots are
 * bounded by the subscriptions the app holds open and are not counted against the cap; every other slot
 * is, fetches in flight included: when all of a kind's counted slots are pinned, `admit` says no and the
 * cache answers that read without keeping it.
 */
export interface Slot {
  readonly id: string
  readonly kind: string
  /** Clock millis until which a failure answers for the key (0: no lock). Set by the owner before `lock`. */
  lockedUntil: number
  /** Internal to the ledger. */
  pins: number
  /** Internal to the ledger. */
  observers: number
  /** Internal to the ledger: true once forgotten, so a late unpin does not bring it back. */
  gone: boolean
}

export interface SlotFacts<S extends Slot> {
  /** The slot holds data a read could still be given (some data, not invalidated). */
  readonly usable: (slot: S) => boolean
  /** That data is past its lifetime at `now`. */
  readonly expired: (slot: S, now: number) => boolean
}

/** One kind's slots. Each map keeps insertion order, and delete plus set moves a slot to the end. */
interface Shelf<S extends Slot> {
  /** Counted against the cap: every slot of the kind that has no observer. */
  counted: number
  /** Held for their observers, outside the cap. */
  observed: number
  /** Unpinned slots, least recently read first: the last resort of eviction. */
  readonly idle: Map<string, S>
  /** Unpinned slots holding no usable data (a failure, an invalidation): evicted first. */
  readonly spent: Map<string, S>
  /** Unpinned slots with usable data, oldest answer first; within a kind one lifetime makes this expiry order. */
  readonly byAge: Map<string, S>
  /** Locked slots, oldest lock first; released from the front once their time has passed. */
  readonly locked: Map<string, S>
}

export class CacheLedger<S extends Slot> {
  readonly #slots = new Map<string, S>()
  readonly #shelves = new Map<string, Shelf<S>>()
  readonly #capacity: number
  readonly #facts: SlotFacts<S>

  constructor(capacity: number, facts: SlotFacts<S>) {
    this.#capacity = capacity
    this.#facts = facts
  }

  get(id: string): S | undefined {
    return this.#slots.get(id)
  }

  slots(): IterableIterator<S> {
    return this.#slots.values()
  }

  /** Keys of `kind` held: `counted` against the cap, and `observed` ones held for their observers. */
  size(kind: string): { readonly counted: number; readonly observed: number } {
    const shelf = this.#shelves.get(kind)
    return { counted: shelf?.counted ?? 0, observed: shelf?.observed ?? 0 }
  }

  /** Makes room for one more counted slot of `kind`, evicting if it must; false when all are pinned. */
  admit(kind: string, now: number): boolean {
    const shelf = this.#shelf(kind)
    if (shelf.counted < this.#capacity) return true
    this.#releaseLocks(shelf, now)
    const victim = this.#victim(shelf, now)
    if (victim === undefined) return false
    this.#forget(victim)
    return true
  }

  /** Holds a new slot, pinned once (for the fetch or the observer that asked for it). */
  add(slot: S, observed: boolean): void {
    this.#slots.set(slot.id, slot)
    slot.pins = 1
    const shelf = this.#shelf(slot.kind)
    if (observed) {
      slot.observers = 1
      shelf.observed++
    } else shelf.counted++
  }

  /** A read: the slot becomes the most recently read of its kind. */
  touch(slot: S): void {
    const shelf = this.#shelf(slot.kind)
    if (shelf.idle.delete(slot.id)) shelf.idle.set(slot.id, slot)
  }

  pin(slot: S): void {
    if (slot.pins++ === 0) this.#unpark(slot)
  }

  unpin(slot: S): void {
    if (--slot.pins === 0 && !slot.gone) this.#park(slot)
  }

  observe(slot: S): void {
    if (slot.observers++ === 0) {
      const shelf = this.#shelf(slot.kind)
      shelf.counted--
      shelf.observed++
    }
    this.pin(slot)
  }

  /** The last observer gone, the slot counts again; over the cap, one unpinned slot of its kind goes. */
  unobserve(slot: S, now: number): void {
    const shelf = this.#shelf(slot.kind)
    if (--slot.observers === 0 && !slot.gone) {
      shelf.counted++
      shelf.observed--
      this.unpin(slot)
      if (shelf.counted > this.#capacity) {
        this.#releaseLocks(shelf, now)
        this.#forget(this.#victim(shelf, now) ?? slot)
      }
    } else this.unpin(slot)
  }

  /** Pins the slot until its `lockedUntil` has passed (a renewed lock moves to the back of the queue). */
  lock(slot: S): void {
    const { locked } = this.#shelf(slot.kind)
    if (locked.delete(slot.id)) locked.set(slot.id, slot)
    else {
      locked.set(slot.id, slot)
      this.pin(slot)
    }
  }

  unlock(slot: S): void {
    slot.lockedUntil = 0
    if (this.#shelf(slot.kind).locked.delete(slot.id)) this.unpin(slot)
  }

  /** The slot's data stopped being usable (invalidated): if unpinned, it now goes first. */
  spoil(slot: S): void {
    const shelf = this.#shelf(slot.kind)
    if (shelf.byAge.delete(slot.id)) shelf.spent.set(slot.id, slot)
  }

  #shelf(kind: string): Shelf<S> {
    let shelf = this.#shelves.get(kind)
    if (shelf === undefined) {
      shelf = {
        counted: 0,
        observed: 0,
        idle: new Map(),
        spent: new Map(),
        byAge: new Map(),
        locked: new Map(),
      }
      this.#shelves.set(kind, shelf)
    }
    return shelf
  }

  #park(slot: S): void {
    const shelf = this.#shelf(slot.kind)
    shelf.idle.set(slot.id, slot)
    ;(this.#facts.usable(slot) ? shelf.byAge : shelf.spent).set(slot.id, slot)
  }

  #unpark(slot: S): void {
    const shelf = this.#shelf(slot.kind)
    shelf.idle.delete(slot.id)
    shelf.spent.delete(slot.id)
    shelf.byAge.delete(slot.id)
  }

  /** Unpinned slots in order of preference: no usable data, then the oldest answer if expired, then LRU. */
  #victim(shelf: Shelf<S>, now: number): S | undefined {
    const spent = first(shelf.spent)
    if (spent !== undefined) return spent
    const oldest = first(shelf.byAge)
    if (oldest !== undefined && this.#facts.expired(oldest, now)) return oldest
    return first(shelf.idle)
  }

  /** Amortised O(1): each lock is released once, from the front, where the earliest-ending locks are. */
  #releaseLocks(shelf: Shelf<S>, now: number): void {
    for (
      let slot = first(shelf.locked);
      slot !== undefined && slot.lockedUntil <= now;
      slot = first(shelf.locked)
    ) {
      shelf.locked.delete(slot.id)
      this.unpin(slot)
    }
  }

  #forget(slot: S): void {
    const shelf = this.#shelf(slot.kind)
    this.#unpark(slot)
    shelf.locked.delete(slot.id)
    this.#slots.delete(slot.id)
    if (slot.observers === 0) shelf.counted--
    else shelf.observed--
    slot.gone = true
  }
}

const first = <S>(map: Map<string, S>): S | undefined => map.values().next().value
