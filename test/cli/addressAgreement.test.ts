import { hex } from "@scure/base"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { toChecksumAddress } from "../../core/src/validation/address/evm"
import { runCli } from "../support/cli"
import { deadLoopbackUrl } from "../support/ports"

/**
 * Issue 8's acceptance: the same generated addresses fed to `address validate`, `balance`, `send --to` and
 * `tokens --address` get the same verdict, because all four ask the core's one validator. A refused address
 * exits 1 with the validator's words before any request; an accepted one goes on to the node or API, which
 * here is a dead port, so it fails later with exit 2 — never 1.
 */
let dead: string

beforeAll(async () => {
  dead = await deadLoopbackUrl()
})

const bytes20 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => hex.encode(bytes))

/** Spellings of EVM addresses right at the edges of the EIP-55 rule, valid and not. */
const candidates = fc.oneof(
  bytes20.map((body) => toChecksumAddress(body)),
  bytes20.map((body) => `0x${body}`),
  bytes20.map((body) => `0x${body.toUpperCase()}`),
  bytes20.map((body) => body),
  // One letter's case flipped in a checksummed address: a checksum mismatch (when it has a letter).
  fc.tuple(bytes20, fc.nat()).map(([body, pick]) => {
    const checksummed = toChecksumAddress(body)
    const letters = [...checksummed.slice(2)].flatMap((char, index) =>
      /[a-fA-F]/.test(char) ? [index + 2] : [],
    )
    const at = letters[pick % Math.max(1, letters.length)] ?? 2
    const char = checksummed.charAt(at)
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
    return `${checksummed.slice(0, at)}${flipped}${checksummed.slice(at + 1)}`
  }),
  bytes20.map((body) => `0x${body.slice(1)}`),
  bytes20.map((body) => `0x${body}0`),
  bytes20.map((body) => `0x${body.slice(0, 39)}g`),
  bytes20.map((body) => ` 0x${body}`),
  fc.string({ maxLength: 44 }).filter((text) => !text.startsWith("-") && !text.includes(":")),
)

const env = {
  APPKIT_PRIVATE_KEY: "",
  APPKIT_RPC_URL: "",
  ETH_RPC_URL: "",
  APPKIT_HOME: "/nonexistent-appkit-home",
}

/** The four commands' verdicts on one address: valid (true), or the one-line reason it was refused. */
const verdicts = async (address: string) => {
  const [validated, balance, send, tokens] = await Promise.all([
    runCli(["address", "validate", "--namespace", "eip155", "--json", "--", address], { env }),
    runCli(["balance", `--address=${address}`, "--rpc-url", dead], { env }),
    runCli(["send", `--to=${address}`, "--amount", "1", "--rpc-url", dead], {
      env: { ...env, APPKIT_PRIVATE_KEY: `0x${"11".repeat(32)}` },
    }),
    runCli(
      ["tokens", `--address=${address}`, "--chain", "eip155:1", "--api-url", dead, "--project-id", "p"],
      {
        env,
      },
    ),
  ])
  const verdict = JSON.parse(validated.stdout) as { valid: boolean; error: string | null }
  const refusal = (result: { code: number | null; stderr: string }, flag: string) =>
    result.code === 1 ? result.stderr.replace(`${flag}: `, "").trim() : true
  return {
    validate: validated.code === 0 ? true : verdict.error,
    balance: refusal(balance, "--address"),
    send: refusal(send, "--to"),
    tokens: refusal(tokens, "--address"),
  }
}

describe("one address rule for every command", () => {
  it("address validate, balance, send and tokens agree on every generated address, in the same words", async () => {
    await fc.assert(
      fc.asyncProperty(candidates, async (address) => {
        const answer = await verdicts(address)
        expect({ address, ...answer }).toEqual({
          address,
          validate: answer.validate,
          balance: answer.validate,
          send: answer.validate,
          tokens: answer.validate,
        })
      }),
      {
        numRuns: 14,
        examples: [
          ["0x70997970C51812dc3A010C7d01b50e0d17dc79C9"],
          ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"],
          ["0xBAD"],
        ],
      },
    )
  }, 240_000)
})
