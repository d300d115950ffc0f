import { writeFileSync } from "node:fs"
import { join } from "node:path"

/**
 * Writes the CLI's stored WalletConnect session record into `home` as an earlier `connect` would have: one
 * account on eip155:1, a relay nothing listens on (the answer comes from what the machine holds), live for
 * an hour; `overrides` give the case its edge.
 */
export const writeStoredWalletConnectSession = (home: string, overrides: Record<string, unknown> = {}) =>
  writeFileSync(
    join(home, "session.json"),
    JSON.stringify({
      kind: "walletconnect",
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      chainId: "eip155:1",
      accounts: ["eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
      topic: "a".repeat(64),
      relayUrl: "ws://127.0.0.1:1",
      projectId: "test",
      expiry: Math.floor(Date.now() / 1000) + 3600,
      ...overrides,
    }),
  )
