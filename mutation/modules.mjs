/**
 * The guard modules under mutation testing (issue 15): the code that guards money and sign-in. Each
 * entry is a directory (ending in "/") or a file; a file belongs to the first module that names it, so
 * `inspectCaipId.ts` counts for CAIP parsing rather than for address validation.
 */
export const guardModules = [
  {
    name: "caip",
    title: "CAIP parsing",
    paths: ["core/src/domain/caip.ts", "core/src/validation/address/inspectCaipId.ts"],
  },
  { name: "address", title: "Address validation", paths: ["core/src/validation/address/"] },
  { name: "amount", title: "Amounts", paths: ["core/src/validation/amount.ts"] },
  { name: "siwx", title: "SIWE/SIWX create, parse, verify", paths: ["core/src/siwx/"] },
  { name: "rpc", title: "RPC method policy", paths: ["core/src/rpc/"] },
  {
    name: "http",
    title: "HTTP client retry and status mapping",
    // ApiConfig.ts holds the URL joining and SDK parameters every request goes through.
    paths: ["core/src/http/ApiClient.ts", "core/src/http/ApiConfig.ts"],
  },
  {
    name: "cache",
    title: "Query cache",
    paths: ["core/src/http/QueryCache.ts", "core/src/http/CacheLedger.ts"],
  },
  { name: "errors", title: "Error catalogue", paths: ["core/src/errors/"] },
  { name: "router", title: "Router", paths: ["core/src/state/Router.ts"] },
  {
    name: "bitcoin-psbt",
    title: "Bitcoin PSBT and BIP-322",
    paths: ["core/src/chains/bitcoin/psbt/", "core/src/chains/bitcoin/message/"],
  },
  { name: "bitcoin-connectors", title: "Bitcoin connectors", paths: ["core/src/chains/bitcoin/connectors/"] },
]

/** Never mutated: tests, and barrels that only re-export. */
export const notMutated = ["!**/*.test.ts", "!**/index.ts"]

/** Stryker `mutate` globs for some modules (all by default). */
export const mutateGlobs = (modules = guardModules) =>
  modules.flatMap((module) => module.paths.map((path) => (path.endsWith("/") ? `${path}**/*.ts` : path)))

/** The module a repo-relative file belongs to, if any. */
export const moduleOf = (file) =>
  guardModules.find((module) =>
    module.paths.some((path) => (path.endsWith("/") ? file.startsWith(path) : file === path)),
  )
