import { toChecksumAddress } from "../../validation/address/evm"

const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * The accounts list of eth_requestAccounts / accountsChanged, EIP-55 checksummed: some wallets report
 * lowercase, and one account must look and compare the same whichever wallet reports it. Non-address entries
 * are dropped. The injected connector loads this module with its first connect, so the checksum code (keccak)
 * is never part of the first paint.
 */
export const parseWalletAccounts = (value: unknown): ReadonlyArray<`0x${string}`> =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === "string" && evmAddressPattern.test(item))
        .map(toChecksumAddress)
    : []
