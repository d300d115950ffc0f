import type { ChainNamespace } from "@appkit/core"
import { validateAddress } from "@appkit/core/validation"

// Addresses validated per second per namespace, through the one entry point the CLI uses, with the
// namespace auto-detected (the common case). A figure to watch, never an assertion.
const samples: Record<ChainNamespace, ReadonlyArray<string>> = {
  eip155: ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xde709f2102306220921060314715629080e2fb77"],
  solana: ["7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", "CCMCWh4FudPEmY6Q1AVi5o8mQMXkHYkJUmZfzRGdcJ9P"],
  bip122: [
    "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
  ],
  polkadot: [
    "15rRgsWxz4H5LTnNGcCFsszfXD8oeAFd8QRsR6MbQE2f6XFF",
    "HRkCrbmke2XeabJ5fxJdgXWpBRPkXWfWHY8eTeCKwDdf4k6",
  ],
  cosmos: ["cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"],
}

const measureMs = 300

const perSecond = (inputs: ReadonlyArray<string>): number => {
  let count = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < measureMs) {
    for (const input of inputs) {
      if (!validateAddress(input).valid) throw new Error(`bench sample no longer validates: ${input}`)
      count++
    }
    elapsed = performance.now() - start
  }
  return (count / elapsed) * 1000
}

for (const [namespace, inputs] of Object.entries(samples)) {
  perSecond(inputs) // warm-up: JIT and lazily built tables
  console.log(
    `${namespace.padEnd(9)} ${Math.round(perSecond(inputs)).toLocaleString("en-US").padStart(10)} addresses/s`,
  )
}
