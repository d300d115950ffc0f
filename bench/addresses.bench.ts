import { isValidAddress, validateAddress } from "@appkit/core/validation"
import { address as bitcoinAddress, networks } from "bitcoinjs-lib"
import { getAddress, isAddress } from "viem"
import { type Anchor, lowercaseToNormalize, type SampleKind, sampleKinds } from "./addressSamples"

// Address validation throughput per kind of input, ours next to the library a peer app would call on the
// same strings: viem `isAddress` (strict) for EVM, bitcoinjs-lib `address.toOutputScript` for Bitcoin, and
// both in turn for inputs neither library owns (what refusing them costs an app built on the two).
// Ours, namespace auto-detected as the CLI and the send form call it: `isValidAddress` (a yes/no answer,
// like the anchors) and `validateAddress` (the whole verdict: namespace, network, type, canonical spelling,
// reason). Figures only: a ratio is ours ÷ anchor in ops/s (above 1 means ours is faster).

const isBitcoinAddress = (input: string): boolean => {
  try {
    bitcoinAddress.toOutputScript(input, networks.bitcoin)
    return true
  } catch {
    return false
  }
}

const anchors: Record<Anchor, (input: string) => boolean> = {
  viem: (input) => isAddress(input),
  bitcoinjs: isBitcoinAddress,
  "viem+bitcoinjs": (input) => isAddress(input) || isBitcoinAddress(input),
}

const predicate = (input: string): boolean => isValidAddress(input)
const verdict = (input: string): boolean => validateAddress(input).valid

// Time is this process's CPU time, not the wall clock: the machine is shared, and a run that loses the CPU
// halfway must not read as a slow validator. Rounds alternate ours and the anchor; the best round counts.
const rounds = 2
const roundCpuMicros = 20_000

const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

/**
 * A side of a comparison: a check and where it is in its list. The position carries on from round to
 * round, so every input is met once per pass over a list longer than viem's cache, as in real use.
 */
interface Runner {
  readonly check: (input: string) => unknown
  readonly inputs: ReadonlyArray<string>
  next: number
}

/** Calls per CPU second of the runner's check, for about `roundCpuMicros`. */
const opsPerSecond = (runner: Runner): number => {
  const { check, inputs } = runner
  let count = 0
  let sink = 0
  const start = cpuMicros()
  let elapsed = 0
  while (elapsed < roundCpuMicros) {
    for (let i = 0; i < 256; i++) if (check(inputs[runner.next++ % inputs.length] as string)) sink++
    count += 256
    elapsed = cpuMicros() - start
  }
  if (sink < 0) console.log(sink) // keeps the calls observable to the optimiser
  return (count / elapsed) * 1e6
}

/** Each side's best round, the sides taking turns so that a disturbance hits them alike. */
const compare = (sides: Record<string, (input: string) => unknown>, inputs: ReadonlyArray<string>) => {
  const runners = Object.entries(sides).map(([name, check]) => ({ name, runner: { check, inputs, next: 0 } }))
  const best: Record<string, number> = {}
  for (let round = 0; round < rounds; round++)
    for (const { name, runner } of runners) best[name] = Math.max(best[name] ?? 0, opsPerSecond(runner))
  return best
}

const checkVerdicts = ({ name, valid, inputs }: SampleKind) => {
  for (const input of inputs)
    if (validateAddress(input).valid !== valid || isValidAddress(input) !== valid)
      throw new Error(`bench sample '${name}' should be ${valid ? "valid" : "invalid"}: ${input}`)
}

const count = (perSecond = 0) => Math.round(perSecond).toLocaleString("en-US").padStart(11)
const ratio = (ours = 0, anchor = 1) => `${(ours / anchor).toFixed(2).padStart(6)}×`

for (const kind of sampleKinds) checkVerdicts(kind)
// Warm-up: every call site sees every kind before anything is timed. The tail of each list, so that what
// this leaves in viem's caches is long evicted when the timed pass gets there.
for (const kind of sampleKinds)
  for (const input of kind.inputs.slice(-1000)) {
    predicate(input)
    verdict(input)
    anchors[kind.anchor](input)
  }

console.log(
  `${"input kind".padEnd(24)} ${"isValid/s".padStart(11)} ${"validate/s".padStart(11)} ${"anchor/s".padStart(11)}  ${"anchor".padEnd(15)} isValid÷ validate÷`,
)
for (const kind of sampleKinds) {
  const best = compare({ predicate, verdict, anchor: anchors[kind.anchor] }, kind.inputs)
  console.log(
    `${kind.name.padEnd(24)} ${count(best.predicate)} ${count(best.verdict)} ${count(best.anchor)}  ${kind.anchor.padEnd(15)} ${ratio(best.predicate, best.anchor)} ${ratio(best.verdict, best.anchor)}`,
  )
}

// The verdict spells an EVM address in EIP-55 (a keccak hash) where `isAddress` answers from a regular
// expression; next to viem's own pair for that (`isAddress` + `getAddress`) it compares like for like.
const spelled = compare(
  {
    ours: (input) => validateAddress(input).normalized,
    viem: (input) => isAddress(input) && getAddress(input),
  },
  lowercaseToNormalize,
)
console.log(
  `EVM lowercase, checksummed: validateAddress ${count(spelled.ours).trim()}/s, viem isAddress + getAddress ${count(spelled.viem).trim()}/s: ${ratio(spelled.ours, spelled.viem).trim()}`,
)
