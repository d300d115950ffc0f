import { erc20TokenCreationCode } from "@appkit/fixtures"
import type { Hex } from "viem"

/**
 * The EVM tests' token "TST": the fixtures' assembled ERC-20 (the one assembler the local chain's tokens
 * come from, tested in fixtures/src/evm/erc20Token.test.ts) with 18 decimals, `supply` base units minted
 * to its deployer.
 */
export const testTokenCreationCode = (supply: bigint): Hex =>
  erc20TokenCreationCode({ name: "Test Token", symbol: "TST", decimals: 18, supply })
