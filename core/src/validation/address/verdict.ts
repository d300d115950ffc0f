import type { ChainNamespace } from "../../domain/namespace"

/**
 * The answer for one input, as plain JSON (the CLI prints it as is with --json). A valid single-case EVM
 * address's verdict spells `normalized` when first read (see `verdictSpelledOnRead`): spread it before
 * handing it to `structuredClone` or `postMessage`.
 */
export interface AddressVerdict {
  readonly input: string
  readonly valid: boolean
  readonly namespace: ChainNamespace | null
  readonly network: string | null
  readonly type: string | null
  /** The canonical spelling of the input (a CAIP-10 id stays a CAIP-10 id). */
  readonly normalized: string | null
  readonly error: string | null
}

// Node's console.log and util.inspect show a Proxy's target without running its traps, but do call this
// method when the target has it: the verdict is shown spelled, never with the placeholder.
const inspectSymbol: unique symbol = Symbol.for("nodejs.util.inspect.custom")
function inspectSpelled(this: AddressVerdict) {
  return { ...this }
}

/** The proxy's target: the verdict's fields (`normalized` null until spelled) and the inspect method. */
type Fields = { -readonly [K in keyof AddressVerdict]: AddressVerdict[K] } & {
  [inspectSymbol]?: typeof inspectSpelled
}

/**
 * The traps of a verdict whose `normalized` is spelled on first read. Every other read goes straight to
 * the target. Anything that looks at or changes the target's properties as a whole settles the spelling
 * first, so a write is never overwritten, and a frozen verdict already holds it (a Proxy must then report
 * its target's values exactly). The inspect method is the target's own symbol, hidden from every listing.
 */
class SpellOnRead implements ProxyHandler<Fields> {
  #spell: (() => string) | undefined

  constructor(spell: () => string) {
    this.#spell = spell
  }

  #settle(target: Fields): Fields {
    if (this.#spell !== undefined) {
      target.normalized = this.#spell()
      this.#spell = undefined
    }
    return target
  }

  get(target: Fields, key: string | symbol): unknown {
    return key === "normalized" ? this.#settle(target).normalized : Reflect.get(target, key)
  }

  getOwnPropertyDescriptor(target: Fields, key: string | symbol): PropertyDescriptor | undefined {
    if (key === inspectSymbol) return undefined
    return Reflect.getOwnPropertyDescriptor(key === "normalized" ? this.#settle(target) : target, key)
  }

  ownKeys(target: Fields): Array<string | symbol> {
    return Reflect.ownKeys(target).filter((key) => key !== inspectSymbol)
  }

  has(target: Fields, key: string | symbol): boolean {
    return key !== inspectSymbol && Reflect.has(target, key)
  }

  set(target: Fields, key: string | symbol, value: unknown): boolean {
    return Reflect.set(this.#settle(target), key, value)
  }

  defineProperty(target: Fields, key: string | symbol, descriptor: PropertyDescriptor): boolean {
    return Reflect.defineProperty(this.#settle(target), key, descriptor)
  }

  deleteProperty(target: Fields, key: string | symbol): boolean {
    return Reflect.deleteProperty(this.#settle(target), key)
  }

  preventExtensions(target: Fields): boolean {
    // A non-extensible target must list exactly the keys the proxy reports: the hidden one goes first.
    Reflect.deleteProperty(this.#settle(target), inspectSymbol)
    return Reflect.preventExtensions(target)
  }
}

/**
 * A valid verdict whose canonical spelling costs real work (EIP-55 of single-case EVM input is a keccak
 * hash): `spell` runs on the first read of `normalized`, once. A caller that only asks `.valid` never pays
 * for it. It reads as plain data everywhere a program looks: property reads, JSON, spreads,
 * `Object.keys`/`entries` in the documented order, equality, freezing, util.inspect. (A Proxy: an object
 * literal with an own getter costs a runtime call per verdict and leaves each in a map of its own, which made
 * this verdict 7× slower than the yes/no check. Being a Proxy, it cannot be passed to `structuredClone` or
 * `postMessage` as is; spread it first.)
 */
export const verdictSpelledOnRead = (
  input: string,
  namespace: ChainNamespace | null,
  network: string | null,
  type: string | null,
  spell: () => string,
): AddressVerdict =>
  new Proxy<Fields>(
    // Keys in the documented order, so --json lines read the same for every input.
    {
      input,
      valid: true,
      namespace,
      network,
      type,
      normalized: null,
      error: null,
      [inspectSymbol]: inspectSpelled,
    },
    new SpellOnRead(spell),
  )
