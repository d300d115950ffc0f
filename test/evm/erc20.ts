import { type Hex, keccak256, toFunctionSelector, toHex } from "viem"

/**
 * A minimal ERC-20 assembled here from EVM opcodes (there is no solc in this environment). It implements
 * exactly what a transfer and a balance need — `decimals()`, `symbol()` ("TST"), `balanceOf(address)`,
 * `totalSupply()` and `transfer(address,uint256)` with the `Transfer` event — and reverts on anything else or on an
 * overdraft. The constructor mints the whole supply to the deployer. Balances live at storage slot =
 * holder address. erc20.test.ts checks it against viem's standard `erc20Abi`.
 */

type Item =
  | string
  | { readonly push: bigint; readonly bytes: number }
  | { readonly label: string }
  | { readonly ref: string }

// biome-ignore format: one opcode table, kept dense
const opcodes: Record<string, number> = {
  STOP: 0x00, ADD: 0x01, SUB: 0x03, LT: 0x10, EQ: 0x14, SHR: 0x1c, CALLER: 0x33, CALLDATALOAD: 0x35,
  CODECOPY: 0x39, MSTORE: 0x52, SLOAD: 0x54, SSTORE: 0x55, JUMPI: 0x57, JUMPDEST: 0x5b, DUP1: 0x80,
  DUP2: 0x81, DUP3: 0x82, SWAP1: 0x90, LOG3: 0xa3, RETURN: 0xf3, REVERT: 0xfd,
}

const push = (value: bigint | number, bytes = 1): Item => ({ push: BigInt(value), bytes })
const ref = (label: string): Item => ({ ref: label })
const label = (name: string): Item => ({ label: name })

/** Two passes: label references are PUSH2 (3 bytes), so offsets are known before any byte is written. */
const assemble = (items: ReadonlyArray<Item>): Uint8Array => {
  const offsets = new Map<string, number>()
  let size = 0
  for (const item of items) {
    if (typeof item === "string") size += 1
    else if ("push" in item) size += 1 + item.bytes
    else if ("ref" in item) size += 3
    else {
      offsets.set(item.label, size)
      size += 1 // the JUMPDEST the label stands for
    }
  }
  const out: Array<number> = []
  const pushBytes = (value: bigint, bytes: number) => {
    out.push(0x5f + bytes)
    for (let i = bytes - 1; i >= 0; i--) out.push(Number((value >> BigInt(8 * i)) & 0xffn))
  }
  for (const item of items) {
    if (typeof item === "string") {
      const code = opcodes[item]
      if (code === undefined) throw new Error(`unknown opcode ${item}`)
      out.push(code)
    } else if ("push" in item) pushBytes(item.push, item.bytes)
    else if ("ref" in item) {
      const target = offsets.get(item.ref)
      if (target === undefined) throw new Error(`unknown label ${item.ref}`)
      pushBytes(BigInt(target), 2)
    } else out.push(opcodes.JUMPDEST as number)
  }
  return Uint8Array.from(out)
}

const selector = (signature: string) => BigInt(toFunctionSelector(signature))
// Outside the 160-bit address range, so no holder's balance can collide with it.
const supplySlot = push(1n << 160n, 21)
const transferTopic = BigInt(keccak256(toHex("Transfer(address,address,uint256)")))
const returnWord: ReadonlyArray<Item> = [push(0), "MSTORE", push(32), push(0), "RETURN"]
// biome-ignore format: assembly
const dispatch = (signature: string, target: string): ReadonlyArray<Item> => [
  "DUP1", push(selector(signature), 4), "EQ", ref(target), "JUMPI",
]

// biome-ignore format: assembly reads best one instruction group per line
const runtime = assemble([
  push(0), "CALLDATALOAD", push(0xe0), "SHR",
  ...dispatch("balanceOf(address)", "balanceOf"),
  ...dispatch("transfer(address,uint256)", "transfer"),
  ...dispatch("decimals()", "decimals"),
  ...dispatch("totalSupply()", "totalSupply"),
  ...dispatch("symbol()", "symbol"),
  label("fail"), push(0), "DUP1", "REVERT",

  label("balanceOf"), push(4), "CALLDATALOAD", "SLOAD", ...returnWord,
  label("decimals"), push(18), ...returnWord,
  label("totalSupply"), supplySlot, "SLOAD", ...returnWord,
  // an ABI string: offset 0x20, length 3, then the bytes left-aligned
  label("symbol"), push(0x20), push(0), "MSTORE", push(3), push(32), "MSTORE",
  push(BigInt(toHex("TST")) << 232n, 32), push(64), "MSTORE", push(96), push(0), "RETURN",

  // stack comments: top first
  label("transfer"),
  push(0x24), "CALLDATALOAD", "CALLER", "SLOAD", // [balance, amount]
  "DUP2", "DUP2", "LT", ref("fail"), "JUMPI", // overdraft → revert
  "DUP2", "SWAP1", "SUB", "CALLER", "SSTORE", // sender -= amount; [amount]
  push(4), "CALLDATALOAD", "DUP1", "SLOAD", "DUP3", "ADD", "SWAP1", "SSTORE", // receiver += amount; [amount]
  push(0), "MSTORE", // log data = amount
  push(4), "CALLDATALOAD", "CALLER", push(transferTopic, 32), push(32), push(0), "LOG3",
  push(1), ...returnWord,
])

/** Creation code: mint `supply` to the deployer (and record it in slot 0), then return the runtime. */
export const erc20CreationCode = (supply: bigint): Hex => {
  // biome-ignore format: assembly
  const constructorCode = (runtimeOffset: number) =>
    assemble([
      push(supply, 32), "DUP1", "CALLER", "SSTORE", supplySlot, "SSTORE",
      push(runtime.length, 2), "DUP1", push(runtimeOffset, 2), push(0), "CODECOPY", push(0), "RETURN",
    ])
  const head = constructorCode(constructorCode(0).length)
  return toHex(Uint8Array.from([...head, ...runtime]))
}
