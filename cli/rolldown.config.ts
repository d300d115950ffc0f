import { defineConfig, type Plugin } from "rolldown"

/**
 * commander requires node:child_process when it loads, for executable subcommands, which appkit-cli does not
 * declare. Loading it makes every start compile child_process, net and their streams (10 of Node's internal
 * modules); commander here gets a `spawn` that loads the real module on its first call, so nothing else changes.
 */
const lazyChildProcessForCommander = (): Plugin => ({
  name: "commander-lazy-child-process",
  transform: {
    filter: { id: /[\\/]commander[\\/]lib[\\/]command\.js$/ },
    handler: (code) => {
      const eager = "const childProcess = require('node:child_process');"
      if (!code.includes(eager))
        throw new Error("commander no longer requires node:child_process as expected")
      return code.replace(
        eager,
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      )
    },
  },
})

// One ESM bundle so `appkit-cli --help` starts without resolving hundreds of modules; heavy commands
// stay behind dynamic import() and land in their own chunks.
export default defineConfig({
  input: { "appkit-cli": "src/main.ts" },
  platform: "node",
  plugins: [lazyChildProcessForCommander()],
  // WalletConnect's packages break when bundled (their CJS builds are picked and `.default` interop fails:
  // "… is not a constructor"); `connect` loads them from node_modules at run time instead. `dev`'s local
  // servers stay in node_modules too: litesvm (the Solana chain) is a native addon, PGlite loads its
  // WebAssembly and data files from beside its module, and rolldown (which bundles the secure site's frame
  // page at start) is a native binding; node-postgres (the secure site on DATABASE_URL) is CommonJS whose
  // classes break the same way when bundled.
  external: [
    /^node:/,
    /^@walletconnect\//,
    /^litesvm/,
    /^@electric-sql\//,
    "oidc-provider",
    "nodemailer",
    "smtp-server",
    "pg",
    "rolldown",
  ],
  // Importing an external package runs nothing the CLI relies on, so one only a command's unused code names
  // (litesvm behind @appkit/fixtures' Solana chain) is dropped from that command's chunk: `dev wallet` and
  // `dev` must start in an install without the optional native parts. Bundled modules keep their package's
  // `sideEffects` (the core's and the fixtures' are false): a command importing one name from the core's
  // barrel gets that name's modules, not the whole barrel (`address validate`: 65 files loaded → 28).
  treeshake: { moduleSideEffects: (_id, external) => (external ? false : undefined) },
  // The workspace packages are bundled from their sources ("@appkit/source" in their exports): no build first.
  resolve: { conditionNames: ["@appkit/source", "import", "default"] },
  output: {
    dir: "dist",
    // Chunk names carry content hashes: a build must not leave the previous build's chunks behind.
    cleanDir: true,
    format: "esm",
    chunkFileNames: "chunks/[name]-[hash].js",
    // Half the bytes to parse on every start (the Effect Schema chunk every command shares: 718 → 128 kB).
    minify: true,
    // Minified code, readable stack traces: node --enable-source-maps appkit-cli …
    sourcemap: true,
    // The Bitcoin network names are the one part of the Bitcoin layer `psbt inspect` shares with the wallet
    // side; left to itself rolldown puts them in the chunk of the wallet selector (Stream, connectors: 60 kB).
    // Likewise core's dependency-free defaults (@appkit/core/defaults), which the data commands' options name at
    // start: left to itself rolldown puts them in the chunk of ApiConfig, whose Effect code every start would load.
    codeSplitting: {
      groups: [
        { name: "bitcoinNetworks", test: /chains[\\/]bitcoin[\\/]networks\.ts$/ },
        { name: "coreDefaults", test: /core[\\/]src[\\/]config[\\/]apiDefaults\.ts$/ },
      ],
    },
  },
})
