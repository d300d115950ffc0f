/**
 * The one door from the main entry to the Solana adapter: a dynamic import, so bundlers split it (and
 * @solana/kit) into a chunk that only an app which calls this downloads.
 */
export const loadSolanaAdapter = (): Promise<typeof import("./index")> => import("./index")
