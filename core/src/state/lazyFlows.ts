// The state services' flows that load on first use (the swap, the email/social login, the checksum of
// accounts stored in lower case), fetched as one chunk: one lazy boundary rather than one per flow (every
// boundary splits the modules it shares with the entry into chunks of their own, and each costs the page a
// download).
export { checksumRestored } from "./checksumRestored"
export { makeEmbeddedFlows } from "./embeddedFlows"
export * as swapFlow from "./swapFlow"
export { makeSwapService } from "./swapService"
