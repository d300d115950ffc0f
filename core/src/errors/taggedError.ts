/**
 * A tagged error without Effect: an `Error` subclass with a `_tag` (so `Effect.catchTag` and the CLI's
 * `hasTag` match it like a `Schema.TaggedError`), its fields as readonly own properties, and `name` = the tag.
 * Code that must not load Effect (the Bitcoin connect path) declares its errors with it:
 * `class X extends AppKitError(TaggedError("X")<{ readonly reason: string }>()) {}`.
 * Effect code fails with them through `Effect.fail(new X(...))` (they are not yieldable).
 */
export interface TaggedErrorInstance<Tag extends string> extends Error {
  readonly _tag: Tag
}

// biome-ignore lint/complexity/noBannedTypes: an error without fields takes `{}` (or nothing)
type ConstructorArgs<Fields> = {} extends Fields ? [fields?: Fields] : [fields: Fields]

export type TaggedErrorClass<Tag extends string, Fields> = new (
  ...args: ConstructorArgs<Fields>
) => TaggedErrorInstance<Tag> & Readonly<Fields>

export const TaggedError =
  <const Tag extends string>(tag: Tag) =>
  // biome-ignore lint/complexity/noBannedTypes: no fields by default
  <Fields extends object = {}>(): TaggedErrorClass<Tag, Fields> => {
    class Tagged extends Error {
      readonly _tag: Tag = tag

      constructor(fields?: Fields) {
        super()
        if (fields !== undefined) Object.assign(this, fields)
      }
    }
    Object.defineProperty(Tagged.prototype, "name", { value: tag, writable: true, configurable: true })
    return Tagged as unknown as TaggedErrorClass<Tag, Fields>
  }
