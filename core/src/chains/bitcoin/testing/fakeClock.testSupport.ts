import { vi } from "vitest"
import type { BitcoinConnectorError } from "../connectors/BitcoinConnector"
import { defaultWalletTimeout } from "../request/walletCall"
import { failureOf } from "./fakeWallets"

/**
 * Starts a wallet interaction (on vitest's fake clock) that waits on a wallet which never answers, moves the
 * clock past `afterMillis`, and gives its error. Never a real sleep.
 */
export const failureAfter = async <E = BitcoinConnectorError>(
  start: () => Promise<unknown>,
  afterMillis: number = defaultWalletTimeout,
): Promise<E> => {
  vi.useFakeTimers()
  try {
    const failure = failureOf<E>(start())
    await vi.advanceTimersByTimeAsync(afterMillis)
    return await failure
  } finally {
    vi.useRealTimers()
  }
}
