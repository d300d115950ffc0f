import { Schema } from "effect"
import { EMBEDDED_PROTOCOL, RequestId } from "./protocol"

/**
 * Both ends of the frame protocol receive every message any window posts to them, so each one checks the
 * sender before reading a message: the dApp accepts only its frame (or its social popup) at the configured
 * secure-site origin, the frame only its parent at the verified dApp origin. This module is that check, shared
 * by the dApp's messenger and the secure site's page, with the bookkeeping of what was turned away.
 */

/** What a `message` event carries that matters here; a DOM MessageEvent has all three. */
export interface WindowMessage {
  readonly data: unknown
  readonly origin: string
  readonly source: unknown
}

/**
 * Why a message was turned away. Messages that do not claim our protocol are someone else's (another
 * library's postMessage traffic) and are skipped without a count.
 */
export type IgnoredKind =
  /** claims our protocol, posted from an origin other than the expected one */
  | "foreignOrigin"
  /** the right origin, but not the expected window (another frame or tab of the same site) */
  | "foreignSource"
  /** from the expected window, but not a message the protocol defines */
  | "malformed"
  /** a well-formed answer to a request that is not waiting (late, repeated or forged) */
  | "unknownRequest"

export type IgnoredCounts = Readonly<Record<IgnoredKind, number>>

export type Verdict = "accepted" | "notOurs" | "foreignOrigin" | "foreignSource"

const claimsProtocol = (data: unknown): boolean =>
  typeof data === "object" && data !== null && (data as { protocol?: unknown }).protocol === EMBEDDED_PROTOCOL

/** Whether `message` comes from `origin` and one of `sources` (compared by identity, as windows are). */
export const screenMessage = (
  message: WindowMessage,
  expected: { readonly origin: string; readonly sources: ReadonlyArray<unknown> },
): Verdict => {
  if (message.origin === expected.origin && expected.sources.includes(message.source)) return "accepted"
  if (!claimsProtocol(message.data)) return "notOurs"
  return message.origin === expected.origin ? "foreignSource" : "foreignOrigin"
}

const isRequestId = Schema.is(RequestId)

/**
 * The request id a message that does not decode still carries, when it is a usable one: the request (or its
 * answer) is known, so the side waiting on it can be told at once rather than when its request times out.
 */
export const claimedRequestId = (data: unknown): string | undefined => {
  const id = typeof data === "object" && data !== null ? (data as { id?: unknown }).id : undefined
  return isRequestId(id) ? id : undefined
}

const describe: Record<IgnoredKind, string> = {
  foreignOrigin: "posted from another origin",
  foreignSource: "posted by a window other than the expected one",
  malformed: "that is not a valid protocol message",
  unknownRequest: "answering no pending request",
}

/**
 * Counts turned-away messages per kind and says when one is the first of its kind: each kind is logged once
 * (a hostile page can post thousands), every one is counted.
 */
export const makeIgnoredMessages = (side: "dApp" | "frame") => {
  const counts: Record<IgnoredKind, number> = {
    foreignOrigin: 0,
    foreignSource: 0,
    malformed: 0,
    unknownRequest: 0,
  }
  return {
    /** Records one; returns the log line when it is the first of its kind, undefined otherwise. */
    note: (kind: IgnoredKind, origin: string): string | undefined => {
      counts[kind] += 1
      return counts[kind] === 1
        ? `AppKit embedded wallet (${side}): ignored a message ${describe[kind]} (${origin}); further ones are counted, not logged`
        : undefined
    },
    counts: (): IgnoredCounts => ({ ...counts }),
  }
}
export type IgnoredMessages = ReturnType<typeof makeIgnoredMessages>
