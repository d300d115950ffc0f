/**
 * A pairing-session (Bitcoin connect prompt) message is at most this many characters (§5). A plain number
 * beside the Effect-typed constants, so the Bitcoin connect path reads it without loading Effect.
 */
export const pairingMessageLength = 80
