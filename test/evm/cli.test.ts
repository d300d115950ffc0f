import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Anvil, startAnvil } from "@appkit/fixtures"
import {
  createClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import {
  deployContract,
  getBalance,
  getTransactionReceipt,
  readContract,
  waitForTransactionReceipt,
} from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { testTokenCreationCode } from "./erc20"

// Acceptance (issue 5): the built appkit-cli, a local signer and a real anvil node.
describe("appkit-cli balance / send / sign against anvil", () => {
  let anvil: Anvil
  let client: ReturnType<typeof createClient>
  let senderKey: Hex
  let sender: `0x${string}`
  let receiver: `0x${string}`
  const balanceOf = (address: `0x${string}`) => getBalance(client, { address })
  // An empty CLI home: no stored WalletConnect session, so without a key the CLI has no signer.
  const home = mkdtempSync(join(tmpdir(), "appkit-evm-cli-"))

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 3 })
    client = createClient({ transport: http(anvil.rpcUrl) })
    const [first, second] = anvil.accounts
    if (!first || !second) throw new Error("anvil gave too few accounts")
    senderKey = first.privateKey
    sender = first.address
    receiver = second.address
  })
  afterAll(async () => {
    await anvil.stop()
    rmSync(home, { recursive: true, force: true })
  })

  const cli = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}, stdin?: string) =>
    runCli(args, {
      env: { APPKIT_RPC_URL: anvil.rpcUrl, APPKIT_PRIVATE_KEY: "", ...env },
      ...(stdin ? { stdin } : {}),
    })

  it("sends 0.5 ETH: the receiver gains exactly 0.5, the sender loses 0.5 plus the receipt's fee", async () => {
    const [senderBefore, receiverBefore] = await Promise.all([balanceOf(sender), balanceOf(receiver)])
    const result = await cli(["send", "--to", receiver, "--amount", "0.5", "--json"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const sent = JSON.parse(result.stdout) as { hash: Hex; status: string; feeUnits: string; fee: string }
    expect(sent).toMatchObject({
      status: "success",
      to: getAddress(receiver),
      decimals: 18,
      amount: "0.5",
      amountUnits: "500000000000000000",
    })

    const receipt = await getTransactionReceipt(client, { hash: sent.hash })
    // §9: a legacy (type 0) transaction.
    expect(receipt.type).toBe("legacy")
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(BigInt(sent.feeUnits)).toBe(fee)
    expect(fee).toBeGreaterThan(0n)
    const [senderAfter, receiverAfter] = await Promise.all([balanceOf(sender), balanceOf(receiver)])
    expect(receiverAfter - receiverBefore).toBe(parseEther("0.5"))
    expect(senderBefore - senderAfter).toBe(parseEther("0.5") + fee)
  })

  it("prints the hash first, then status and fee, in text mode (signer from APPKIT_PRIVATE_KEY)", async () => {
    const result = await cli(
      ["send", "--to", receiver, "--amount", "0.000000000000000001", "--chain", "eip155:31337"],
      {
        APPKIT_PRIVATE_KEY: senderKey,
      },
    )
    expect(result.code).toBe(0)
    const lines = result.stdout.trim().split("\n")
    expect(lines[0]).toMatch(/^hash 0x[0-9a-f]{64}$/)
    expect(lines[1]).toMatch(/^status success \(block \d+\)$/)
    expect(lines[2]).toMatch(/^fee 0\.\d+ \(21000 gas × \d+ wei\)$/)
  })

  it("sends an ERC-20 token: exact token amounts move, and the sender pays only gas in ETH", async () => {
    const deployer = privateKeyToAccount(senderKey)
    const deployHash = await deployContract(client, {
      abi: erc20Abi,
      bytecode: testTokenCreationCode(1_000n * 10n ** 18n),
      account: deployer,
      chain: null,
    })
    const token = (await waitForTransactionReceipt(client, { hash: deployHash }))
      .contractAddress as `0x${string}`
    const tokenBalance = (owner: `0x${string}`) =>
      readContract(client, { address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
    const ethBefore = await balanceOf(sender)

    const result = await cli(["send", "--token", token, "--to", receiver, "--amount", "12.5", "--json"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    const sent = JSON.parse(result.stdout) as { hash: Hex; token: string; feeUnits: string }
    expect(sent.token).toBe(getAddress(token))
    expect(await tokenBalance(receiver)).toBe(12_500_000_000_000_000_000n)
    expect(await tokenBalance(sender)).toBe(987_500_000_000_000_000_000n)
    expect(ethBefore - (await balanceOf(sender))).toBe(BigInt(sent.feeUnits))

    const overdraft = await cli(["send", "--token", token, "--to", sender, "--amount", "13"], {
      APPKIT_PRIVATE_KEY: anvil.accounts[1]?.privateKey as string,
    })
    expect(overdraft.code).toBe(2)
    expect(await tokenBalance(receiver)).toBe(12_500_000_000_000_000_000n)
  })

  it("refuses a --token with no contract at its address (exit 1), naming the flag and the chain", async () => {
    // An account's address: valid, checksummed, but no token answers there.
    const result = await cli(["send", "--token", receiver, "--to", sender, "--amount", "1", "--json"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "InvalidInput",
        message: `--token: no contract at ${getAddress(receiver)} on eip155:31337, so no ERC-20 token to send`,
      },
    })
  })

  it("refuses a transfer the node would reject, with one line naming the reason", async () => {
    const result = await cli(["send", "--to", sender, "--amount", "1000000"], {
      APPKIT_PRIVATE_KEY: anvil.accounts[2]?.privateKey as string,
    })
    expect(result.code).toBe(2)
    // The core's log line for the failed gas estimate is a developer note: neither output carries it.
    expect(result.stdout).toBe("")
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
    expect(result.stderr).toMatch(/insufficient funds/i)
  })

  it("refuses bad input before anything is signed (exit 1, one line)", async () => {
    const key = { APPKIT_PRIVATE_KEY: senderKey }
    const badAmount = await cli(["send", "--to", receiver, "--amount", "1e18"], key)
    expect(badAmount.code).toBe(1)
    expect(badAmount.stderr).toMatch(/^--amount: /)
    const zero = await cli(["send", "--to", receiver, "--amount", "0"], key)
    expect(zero).toMatchObject({ code: 1, stderr: "--amount must be greater than zero\n" })
    const badTo = await cli(["send", "--to", "0x1234", "--amount", "1"], key)
    expect(badTo).toMatchObject({
      code: 1,
      stderr: "--to: Invalid EVM address: expected 0x followed by 40 hex characters\n",
    })
    const noSigner = await cli(["send", "--to", receiver, "--amount", "1"])
    expect(noSigner.code).toBe(2)
    expect(noSigner.stderr).toMatch(/^Not connected: run `appkit-cli connect`, or pass --private-key/)
    const badKey = await cli(["send", "--to", receiver, "--amount", "1", "--private-key", "0x12"])
    expect(badKey.code).toBe(1)
    expect(badKey.stderr.split("\n")).toEqual([
      "Warning: --private-key is visible to every user of this machine (`ps`); prefer APPKIT_PRIVATE_KEY or --keystore",
      "--private-key is not a 32-byte hex private key",
      "",
    ])
  })

  it("never pays an address whose EIP-55 checksum is wrong, and names the checksummed form", async () => {
    // anvil's account 1 with one letter's case flipped: a mistyped address, not a lowercase one.
    const checksummed = getAddress(receiver)
    const flipped = checksummed.replace(/[a-f]/, (letter) => letter.toUpperCase())
    const before = await balanceOf(receiver)
    const result = await cli(["send", "--to", flipped, "--amount", "1", "--json"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe("")
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: "InvalidInput",
        message: `--to: Invalid EVM address checksum (EIP-55); if every character is right, its checksummed form is ${checksummed}`,
      },
    })
    expect(await balanceOf(receiver)).toBe(before)
    // All-lowercase carries no checksum and stays accepted, as EIP-55 says.
    const lower = await cli(
      ["send", "--to", checksummed.toLowerCase(), "--amount", "0.000000000000000001", "--json"],
      {
        APPKIT_PRIVATE_KEY: senderKey,
      },
    )
    expect(lower.code).toBe(0)
    expect(JSON.parse(lower.stdout).to).toBe(checksummed)
    // The same rule for --token and balance.
    const badToken = await cli(["send", "--token", flipped, "--to", checksummed, "--amount", "1"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(badToken).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^--token: Invalid EVM address checksum/),
    })
    const badBalance = await cli(["balance", flipped])
    expect(badBalance).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^ADDRESS: Invalid EVM address checksum/),
    })
  })

  it("reads a native balance as an exact decimal and checks the node's chain", async () => {
    const address = anvil.accounts[2]?.address as `0x${string}`
    const result = await cli(["balance", "--chain", "eip155:31337", "--address", address, "--json"])
    expect(result.code).toBe(0)
    const wei = await balanceOf(address)
    expect(JSON.parse(result.stdout)).toEqual({
      chainId: "eip155:31337",
      address: getAddress(address),
      decimals: 18,
      balance: "10000",
      balanceUnits: wei.toString(),
    })
    const text = await cli(["balance", "--address", sender])
    expect(text.stdout.trim()).toMatch(/^\d+\.\d+$/)
    // cast's habits: the address as an argument, --chain as a decimal id or a name, ETH_RPC_URL.
    const positional = await cli(["balance", address, "--chain", "31337", "--json"], {
      APPKIT_RPC_URL: "",
      ETH_RPC_URL: anvil.rpcUrl,
    })
    expect(JSON.parse(positional.stdout)).toMatchObject({ address: getAddress(address), balance: "10000" })
    expect((await cli(["balance", address, "--chain", "anvil"])).code).toBe(0)
    const unknownChain = await cli(["balance", address, "--chain", "ethereum"])
    expect(unknownChain.code).toBe(1)
    expect(unknownChain.stderr).toMatch(/^--chain: Invalid chain 'ethereum': expected a CAIP-2 id/)

    const wrongChain = await cli(["balance", "--chain", "eip155:1", "--address", address])
    expect(wrongChain.code).toBe(2)
    expect(wrongChain.stderr).toContain("serves eip155:31337, not eip155:1")
    const unreachable = await cli(["balance", "--address", address, "--rpc-url", "http://127.0.0.1:1"])
    expect(unreachable.code).toBe(2)
    expect(unreachable.stderr).toMatch(/^Cannot reach the node at http:\/\/127\.0\.0\.1:1/)
  })

  it("signs a message and EIP-712 typed data that verify against the signer's address", async () => {
    const message = await cli(["sign", "message", "hello appkit", "--json"], {
      APPKIT_PRIVATE_KEY: senderKey,
    })
    expect(message.code).toBe(0)
    const signed = JSON.parse(message.stdout) as { address: `0x${string}`; signature: Hex }
    expect(signed.address.toLowerCase()).toBe(sender)
    expect(
      await verifyMessage({ address: sender, message: "hello appkit", signature: signed.signature }),
    ).toBe(true)

    const typedData = {
      domain: { name: "AppKit", version: "1", chainId: 31337, verifyingContract: receiver },
      types: {
        Person: [
          { name: "name", type: "string" },
          { name: "wallet", type: "address" },
        ],
        Mail: [
          { name: "from", type: "Person" },
          { name: "contents", type: "string" },
        ],
      },
      primaryType: "Mail",
      message: { from: { name: "Cow", wallet: sender }, contents: "Hello, Bob!" },
    } as const
    const typed = await cli(
      ["sign", "typed-data", "-", "--json"],
      { APPKIT_PRIVATE_KEY: senderKey },
      JSON.stringify(typedData),
    )
    expect(typed.code).toBe(0)
    const typedSignature = (JSON.parse(typed.stdout) as { signature: Hex }).signature
    expect(await verifyTypedData({ address: sender, ...typedData, signature: typedSignature })).toBe(true)

    const malformed = await cli(
      ["sign", "typed-data", "-"],
      { APPKIT_PRIVATE_KEY: senderKey },
      '{"domain":{}}',
    )
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toMatch(/^Invalid EIP-712 typed data/)
    // `sign message -` signs stdin's bytes as they are.
    const fromStdin = await cli(
      ["sign", "message", "-", "--json"],
      { APPKIT_PRIVATE_KEY: senderKey },
      "line one\nline two\n",
    )
    expect(fromStdin.code).toBe(0)
    const stdinSigned = JSON.parse(fromStdin.stdout) as { signature: Hex }
    expect(
      await verifyMessage({
        address: sender,
        message: "line one\nline two\n",
        signature: stdinSigned.signature,
      }),
    ).toBe(true)
  })
})
