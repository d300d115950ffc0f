/**
 * How long (ms) a disconnect waits on the wallet to drop the dApp's permission (EVM `wallet_revokePermissions`,
 * Bitcoin `wallet_renouncePermissions`): a courtesy many wallets do not support and some never answer (wagmi:
 * 100 ms). A plain number, so the Bitcoin connect path can use it without Effect; `Timings.permissionRevokeTimeout`
 * is the same bound as a Duration.
 */
export const permissionRevokeTimeoutMillis = 100
