/**
 * @appkit/core/defaults: the defaults a caller needs before it loads the rest of core (the CLI declares its
 * options at start-up, where importing Effect would cost ~190 ms). Dependency-free on purpose: plain numbers.
 */

/** Upper bound of one API request, body included, in milliseconds (ApiConfig's default `timeout`). */
export const defaultApiTimeoutMillis = 10_000
