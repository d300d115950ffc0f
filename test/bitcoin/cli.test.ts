import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createDevBitcoinWallet, type FixtureApi, regtestFunding, startFixtureApi } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadVectors } from "../../core/src/testing/vectors"
import { runCli } from "../support/cli"
import { unsignedDevWalletPsbt } from "../support/devWalletPsbt"

// `appkit-cli btc` and `psbt` as users run them, against the fixture server's regtest ledger.

let api: FixtureApi
let home: string
const env = () => ({ APPKIT_API_URL: api.url, APPKIT_HOME: home, APPKIT_BTC_PRIVATE_KEY: "" })
const cli = (args: ReadonlyArray<string>, stdin?: string) =>
  runCli(args, { env: env(), ...(stdin ? { stdin } : {}) })

const devWallet = createDevBitcoinWallet({ network: "Regtest" })
const [payment] = devWallet.accounts()
const sender = payment?.address as string
const recipient = regtestFunding[2]?.address as string

/** `btc verify-message` arguments for the first BIP-322 vector of `section`. */
const verifyVectorArgs = (section: string): ReadonlyArray<string> => {
  const { vectors } = loadVectors<{
    section: string
    input: { message: string; address: string; signature: string }
  }>("bip322.json")
  const vector = vectors.find((candidate) => candidate.section === section)
  if (vector === undefined) throw new Error(section)
  const { address, message, signature } = vector.input
  return ["btc", "verify-message", "--address", address, "--message", message, "--signature", signature]
}

const balanceOf = async (address: string) => {
  const result = await cli(["btc", "balance", address, "--json"])
  expect(result.code, result.stderr).toBe(0)
  return BigInt((JSON.parse(result.stdout) as { balanceUnits: string }).balanceUnits)
}

beforeAll(async () => {
  api = await startFixtureApi()
  home = mkdtempSync(join(tmpdir(), "appkit-btc-"))
})
afterAll(async () => {
  await api?.close()
  if (home) rmSync(home, { recursive: true, force: true })
})

describe("appkit-cli btc", () => {
  it("balance: an address's UTXO sum, exact in BTC", async () => {
    const result = await cli(["btc", "balance", regtestFunding[1]?.address as string])
    expect(result).toMatchObject({ code: 0, stdout: "0.1 BTC\n" })
  })

  it("balance: an address of another network than --network is invalid input (exit 1) before any request", async () => {
    const regtest = regtestFunding[1]?.address as string
    const result = await cli(["btc", "balance", regtest, "--network", "mainnet"])
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `Invalid address '${regtest}': a regtest address, expected mainnet\n`,
    })
  })

  it("send: moves both balances by exactly the amount and the fee", async () => {
    const [fromBefore, toBefore] = [await balanceOf(sender), await balanceOf(recipient)]
    const sent = await cli(["btc", "send", "--to", recipient, "--amount", "0.12345678", "--json"])
    expect(sent.code, sent.stderr).toBe(0)
    const {
      txid,
      feeUnits: fee,
      amountUnits,
    } = JSON.parse(sent.stdout) as {
      txid: string
      feeUnits: string
      amountUnits: string
    }
    expect(BigInt(amountUnits)).toBe(12_345_678n)
    expect(api.bitcoin.transaction(txid)?.fee).toBe(Number(fee))
    expect(await balanceOf(recipient)).toBe(toBefore + 12_345_678n)
    expect(await balanceOf(sender)).toBe(fromBefore - 12_345_678n - BigInt(fee))
  })

  it("send: refuses an amount with more than 8 decimals, and an unknown address, with one line and exit 1", async () => {
    const tooPrecise = await cli(["btc", "send", "--to", recipient, "--amount", "0.000000001"])
    expect(tooPrecise).toMatchObject({ code: 1, stdout: "" })
    expect(tooPrecise.stderr.trim().split("\n")).toHaveLength(1)
    const badAddress = await cli(["btc", "send", "--to", "bc1qnotanaddress", "--amount", "0.1"])
    expect(badAddress).toMatchObject({ code: 1, stderr: "Invalid --to address 'bc1qnotanaddress'\n" })
  })

  it("--json money keeps the output contract: an exact BTC decimal next to its satoshis (balance, amount, fee + …Units)", async () => {
    const balance = JSON.parse(
      (await cli(["btc", "balance", regtestFunding[1]?.address as string, "--json"])).stdout,
    )
    expect(balance).toMatchObject({ balance: "0.1", balanceUnits: "10000000", symbol: "BTC" })
    const sent = await cli(["btc", "send", "--to", recipient, "--amount", "0.001", "--json"])
    const document = JSON.parse(sent.stdout) as Record<string, string>
    expect(document).toMatchObject({ amount: "0.001", amountUnits: "100000" })
    // The fee was the bare satoshi count under `fee`, which the contract reads as BTC.
    expect(document.fee).toBe(`0.${(document.feeUnits as string).padStart(8, "0")}`.replace(/0+$/, ""))
    expect(BigInt(document.feeUnits as string)).toBeGreaterThan(0n)
  })

  it("send: an amount beyond the 21 million BTC there can be is invalid input (exit 1), core's satoshi rule", async () => {
    const result = await cli(["btc", "send", "--to", recipient, "--amount", "21000000.00000001"])
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr:
        "Invalid --amount '21000000.00000001': a positive BTC amount with at most 8 decimals, at most 21000000\n",
    })
  })

  it("send: an amount below the recipient's dust limit is refused (exit 1) before signing; the limit itself is sent", async () => {
    const before = api.bitcoin.utxos(sender).length
    const dust = await cli(["btc", "send", "--to", recipient, "--amount", "0.00000293"])
    expect(dust).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "Invalid --amount '0.00000293': below this address's dust limit of 294 sat\n",
    })
    expect(api.bitcoin.utxos(sender)).toHaveLength(before)
    const atLimit = await cli(["btc", "send", "--to", recipient, "--amount", "0.00000294"])
    expect(atLimit.code, atLimit.stderr).toBe(0)
  })

  it("send: a valid address of another network is refused as input (exit 1) naming the network, before signing", async () => {
    // A mainnet address on the default regtest network: the dev wallet's coin selection failed on it
    // with 'Unknown letter "0". Allowed: …' and exit 2.
    const mainnet = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    const result = await cli(["btc", "send", "--to", mainnet, "--amount", "0.1"])
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `Invalid --to address '${mainnet}': a mainnet address, expected regtest\n`,
    })
  })

  it("verify-message: an address that is not a Bitcoin address is invalid input, exit 1 (the README's contract)", async () => {
    const args = ["btc", "verify-message", "--address", "bc1qbad", "--message", "m", "--signature", "AAAA"]
    const result = await cli(args)
    expect(result).toMatchObject({ code: 1, stdout: "" })
    expect(result.stderr).toMatch(/^Invalid address 'bc1qbad'/)
    const json = await cli([...args, "--json"])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: "InvalidInput" } })
  })

  it("a malformed --private-key or APPKIT_BTC_PRIVATE_KEY is invalid input (exit 1), as the EVM commands' key is", async () => {
    const flag = await cli(["btc", "sign-message", "gm", "--private-key", "zz"])
    expect(flag).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "--private-key: a private key is 64 hex characters or a WIF key\n",
    })
    const fromEnv = await runCli(["btc", "sign-message", "gm", "--json"], {
      env: { ...env(), APPKIT_BTC_PRIVATE_KEY: "zz" },
    })
    expect(fromEnv.code).toBe(1)
    // Named by where it came from: it was called --private-key when none was given.
    expect(JSON.parse(fromEnv.stderr)).toEqual({
      error: {
        code: "InvalidInput",
        message: "APPKIT_BTC_PRIVATE_KEY: a private key is 64 hex characters or a WIF key",
      },
    })
  })

  it("sign-message and verify-message: BIP-322 by default, legacy ECDSA on request; exit 0 valid, 1 invalid", async () => {
    for (const protocol of ["bip322", "ecdsa"]) {
      const signed = await cli([
        "btc",
        "sign-message",
        "gm frens",
        "--protocol",
        protocol,
        "--network",
        "mainnet",
        "--json",
      ])
      expect(signed.code, signed.stderr).toBe(0)
      const { address, signature } = JSON.parse(signed.stdout) as { address: string; signature: string }
      const valid = await cli([
        "btc",
        "verify-message",
        "--address",
        address,
        "--message",
        "gm frens",
        "--signature",
        signature,
      ])
      expect(valid).toMatchObject({
        code: 0,
        stdout: `valid (${protocol === "ecdsa" ? "ecdsa" : "bip322-simple"})\n`,
      })
      const invalid = await cli([
        "btc",
        "verify-message",
        "--address",
        address,
        "--message",
        "gm fren",
        "--signature",
        signature,
      ])
      expect(invalid.code).toBe(1)
      expect(invalid.stdout).toMatch(/^invalid: /)
    }
  })

  it("verify-message: the BIP-322 vectors' full and proof-of-funds signatures, smp/ful/pof prefixes", async () => {
    for (const section of ["simple", "full", "proof_of_funds", "simple_unprefixed"]) {
      const result = await cli([...verifyVectorArgs(section), "--json"])
      expect(result.code, `${section}: ${result.stdout}${result.stderr}`).toBe(0)
    }
  })

  it("verify-message: a valid proof of funds lists the outputs it claims, which the offline check does not look up", async () => {
    const args = verifyVectorArgs("proof_of_funds")
    const json = JSON.parse((await cli([...args, "--json"])).stdout) as {
      provenOutputs: ReadonlyArray<{ outpoint: string; value: string }>
    }
    expect(json.provenOutputs.length).toBeGreaterThan(0)
    // "valid" alone read as funds proven: the outputs are the signer's claims until someone checks the chain.
    const text = await cli(args)
    expect(text.code).toBe(0)
    expect(text.stdout.split("\n").slice(0, -1)).toEqual([
      "valid (bip322-proof-of-funds)",
      ...json.provenOutputs.map(
        (output) => `claims ${output.outpoint} (${output.value} sat): not checked against the UTXO set`,
      ),
    ])
  })

  it("sign-psbt signs the inputs the wallet owns; psbt inspect shows them signed; --broadcast sends", async () => {
    const unsigned = unsignedDevWalletPsbt(api, recipient)

    const before = await cli(["psbt", "inspect", unsigned, "--network", "regtest", "--json"])
    expect(JSON.parse(before.stdout)).toMatchObject({
      valid: true,
      version: 0,
      // The output contract's money: `fee` is BTC, `feeUnits` its satoshis (it was the bare "1000").
      fee: "0.00001",
      feeUnits: "1000",
      inputs: [{ signed: false, address: sender }],
    })

    const signed = await cli(["btc", "sign-psbt", "-", "--json"], unsigned)
    expect(signed.code, signed.stderr).toBe(0)
    const signedPsbt = (JSON.parse(signed.stdout) as { psbt: string }).psbt
    const after = await cli(["psbt", "inspect", "-", "--network", "regtest"], signedPsbt)
    expect(after.stdout).toMatch(/inputs\s+1 \(1 signed\)/)

    const sent = await cli(["btc", "sign-psbt", unsigned, "--broadcast", "--json"])
    const { txid } = JSON.parse(sent.stdout) as { txid: string }
    expect(api.bitcoin.transaction(txid)?.fee).toBe(1_000)
  })
})

describe("appkit-cli psbt inspect", () => {
  const { vectors } = loadVectors<{ id: string; valid: boolean; input: string; reason?: string }>("psbt.json")

  it("exits 1 with the reason for an invalid PSBT", async () => {
    const invalid = vectors.find((vector) =>
      vector.id.startsWith("BIP-174 invalid #5"),
    ) as (typeof vectors)[number]
    const result = await cli(["psbt", "inspect", invalid.input])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/^invalid: duplicate key/)
  })

  it("reads version 2 PSBTs", async () => {
    const v2 = vectors.find((vector) => vector.id.startsWith("BIP-370 valid #25")) as (typeof vectors)[number]
    const result = await cli(["psbt", "inspect", v2.input, "--json"])
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: true, version: 2, txVersion: 2 })
  })
})
