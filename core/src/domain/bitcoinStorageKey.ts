/**
 * The name of sats-connect's saved default provider (§4), kept as a bare string as that library reads and writes
 * it. The Bitcoin client reads it with a plain guard (chains/bitcoin/selection/storedDefault.ts); StorageKeys lists
 * it with every other §3 key. A plain constant, so connecting loads no Schema.
 */
export const bitcoinDefaultProviderKey = "sats-connect_defaultProvider"
