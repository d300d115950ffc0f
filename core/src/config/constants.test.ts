import { Duration, Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { PreferredAccountTypes } from "../domain/account"
import { parseChainId } from "../domain/caip"
import { OnrampPaymentCurrency } from "../domain/onramp"
import { socialProviders } from "../domain/social"
import { formatUnits, parseUnits } from "../validation/amount"
import {
  CacheLifetime,
  DEFAULT_ACCOUNT_TYPES,
  FeatureDefaults,
  ONRAMP_FALLBACK_PAYMENT_CURRENCIES,
  QueryRetry,
  SOCIALS_ORDER,
  Solana,
  SWAP_NETWORKS,
  TELEGRAM_HIDDEN_SOCIALS,
  Timings,
  WALLET_FEATURE_ORDER,
} from "./constants"

const millis = Duration.toMillis

describe("retry policy", () => {
  it("backs off 1 s, 2 s, 4 s … capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => millis(QueryRetry.backoff(n)))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
    expect(QueryRetry.retries).toBe(3)
  })

  it("never waits less than before, nor more than the cap", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), (attempt) => {
        const delay = millis(QueryRetry.backoff(attempt))
        expect(delay).toBe(Math.min(1000 * 2 ** attempt, 30_000))
        expect(delay).toBeGreaterThanOrEqual(millis(QueryRetry.backoff(Math.max(attempt - 1, 0))))
        expect(delay).toBeLessThanOrEqual(QueryRetry.maxBackoffMillis)
      }),
    )
  })
})

describe("§9 constants", () => {
  it("keeps balances fresher than names and identities", () => {
    expect(millis(CacheLifetime.balance)).toBe(30_000)
    expect(millis(CacheLifetime.name)).toBe(300_000)
    expect(Duration.isLessThan(CacheLifetime.nativeBalance, CacheLifetime.identity)).toBe(true)
  })

  it("counts a pairing as expired 10 s before its 4 min lifetime ends", () => {
    expect(millis(Timings.pairingLifetime) - millis(Timings.pairingExpiryMargin)).toBe(230_000)
  })

  it("orders every social provider exactly once", () => {
    expect([...SOCIALS_ORDER].sort()).toEqual([...socialProviders].sort())
    for (const hidden of Object.values(TELEGRAM_HIDDEN_SOCIALS)) {
      for (const provider of hidden) expect(SOCIALS_ORDER).toContain(provider)
    }
  })

  it("turns on exactly the §9 default features", () => {
    const on = Object.entries(FeatureDefaults)
      .filter(([, enabled]) => enabled)
      .map(([name]) => name)
    expect(on.sort()).toEqual([
      "allWallets",
      "analytics",
      "email",
      "history",
      "onramp",
      "receive",
      "send",
      "swaps",
    ])
    for (const feature of WALLET_FEATURE_ORDER) expect(FeatureDefaults[feature]).toBe(true)
  })

  it("has default account types the preferred-types schema accepts", () => {
    expect(Schema.decodeUnknownSync(PreferredAccountTypes)(DEFAULT_ACCOUNT_TYPES)).toEqual(
      DEFAULT_ACCOUNT_TYPES,
    )
  })

  it("lists 12 distinct eip155 swap networks as CAIP-2 ids", () => {
    expect(new Set(SWAP_NETWORKS).size).toBe(12)
    for (const id of SWAP_NETWORKS) {
      const parsed = parseChainId(id)
      expect(Result.isSuccess(parsed) && parsed.success.namespace).toBe("eip155")
    }
  })

  it("has onramp fallback limits that decode and whose minimum is below the maximum", () => {
    for (const currency of ONRAMP_FALLBACK_PAYMENT_CURRENCIES) {
      Schema.decodeUnknownSync(OnrampPaymentCurrency)(currency)
      for (const limit of currency.payment_method_limits) {
        expect(
          Result.getOrThrow(parseUnits(limit.min, 2)) < Result.getOrThrow(parseUnits(limit.max, 2)),
        ).toBe(true)
      }
    }
    expect(ONRAMP_FALLBACK_PAYMENT_CURRENCIES.map((currency) => currency.id)).toEqual(["USD", "EUR"])
  })

  it("has one SOL in lamports equal to 10^decimals", () => {
    expect(Result.getOrThrow(formatUnits(Solana.lamportsPerSol, Solana.decimals))).toBe("1")
  })
})
