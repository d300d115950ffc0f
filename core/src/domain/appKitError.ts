/**
 * What every AppKit error carries besides its `_tag`, following viem's BaseError: `shortMessage` is the §8
 * text (also `message`, unchanged, so matching on either keeps working), `details` is what lies behind it
 * (the node's or the wallet's own words, the failing response) when there is such a thing, and `docsPath`
 * points at the error's entry in the error catalogue.
 */
export interface AppKitErrorFields {
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string
}

/** The catalogue entry of an error text: "Signature declined" → "/errors#signature-declined". */
export const docsPathOf = (topic: string): string =>
  `/errors#${topic
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`

const describeCause = (cause: unknown): string | undefined => {
  if (cause === undefined || cause === null) return undefined
  if (typeof cause === "string") return cause
  if (typeof cause === "object" && "message" in cause && typeof cause.message === "string")
    return cause.message
  return String(cause)
}

// biome-ignore lint/suspicious/noExplicitAny: TypeScript requires a mixin base constructor of (...args: any[])
type ErrorClass = abstract new (...args: any[]) => { readonly message: string }

export interface AppKitErrorOptions<E> {
  /**
   * The catalogue entry, for errors whose message has variable parts ('HTTP status code: {n}' → "HTTP status
   * code"); by default the message itself names it.
   */
  readonly topic?: string | ((error: E) => string)
  /** What lies behind the message; by default the `cause`'s message, when the error has one. */
  readonly details?: (error: E) => string | undefined
}

/**
 * The one place these fields are built: wraps a `Schema.TaggedError` class so its instances carry them.
 * `class ConnectionError extends AppKitError(Schema.TaggedError<ConnectionError>()("ConnectionError", {...}))`
 * (a schema field named `shortMessage`, `details` or `docsPath` would clash with these getters).
 */
export const AppKitError = <C extends ErrorClass>(
  Base: C,
  options: AppKitErrorOptions<InstanceType<C>> = {},
) => {
  abstract class Documented extends Base implements AppKitErrorFields {
    get shortMessage(): string {
      return this.message
    }

    get details(): string | undefined {
      const self = this as unknown as InstanceType<C>
      return options.details
        ? options.details(self)
        : describeCause((this as { readonly cause?: unknown }).cause)
    }

    get docsPath(): string {
      const { topic } = options
      return docsPathOf(
        topic === undefined
          ? this.message
          : typeof topic === "string"
            ? topic
            : topic(this as unknown as InstanceType<C>),
      )
    }
  }
  return Documented
}
