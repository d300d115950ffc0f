import { Schema } from "effect"

/**
 * Most §8 messages come in families (one area, one fixed text per case). Each family is one tagged error
 * with a `reason` literal whose text lives in a single table, instead of dozens of near-identical classes.
 * (A class factory would remove the remaining getter boilerplate, but Schema.TaggedError needs its Self
 * type resolved at the class declaration, which a generic factory cannot provide.)
 */
export const reasonOf = <const M extends Record<string, string>>(messages: M) =>
  Schema.Literals(Object.keys(messages) as ReadonlyArray<keyof M & string>)
