import type { BitcoinRpcError, HttpStatusError, ProviderRpcError } from "@appkit/core"

/**
 * Core errors that modules loaded at start-up (output, API options) word themselves. Those modules must not
 * import the core (its classes would load effect before `--help` prints), so they recognise an error by its
 * tag, typed by the class it belongs to: a tag the core renames no longer compiles here. Code that runs the
 * core's effects matches with `Effect.catchTag` instead.
 */
const hasTag =
  <E extends { readonly _tag: string }>(tag: E["_tag"]) =>
  (error: unknown): error is E =>
    typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === tag

/** A wallet's JSON-RPC error: its EIP-1193 code is part of what scripts match on. */
export const isProviderRpcError = hasTag<ProviderRpcError>("ProviderRpcError")
/** A non-OK HTTP answer, with the server's body. */
export const isHttpStatusError = hasTag<HttpStatusError>("HttpStatusError")
/** A Bitcoin wallet's refusal, with its code. */
export const isBitcoinRpcError = hasTag<BitcoinRpcError>("BitcoinRpcError")
