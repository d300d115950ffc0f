import { Effect } from "effect"
import type { Abi, ContractFunctionArgs, ContractFunctionName } from "viem"
import type { InvalidContractCallError } from "../../errors/parameters"
import type { Connection } from "../../state/Connection"
import type { Connectors } from "../../state/Connectors"
import type { Network } from "../../state/Network"
import { type Hash, type SendTransactionErrorType, sendTransaction } from "./sendTransaction"

type WriteMutability = "nonpayable" | "payable"

/** viem's typing: `functionName` and `args` are checked against a `const` ABI, as in wagmi's writeContract. */
export interface WriteContractParameters<
  abi extends Abi | ReadonlyArray<unknown> = Abi,
  functionName extends ContractFunctionName<abi, WriteMutability> = ContractFunctionName<
    abi,
    WriteMutability
  >,
> {
  readonly address: string
  readonly abi: abi
  readonly functionName: functionName
  readonly args?: ContractFunctionArgs<abi, WriteMutability, functionName> | undefined
  /** Wei to send along (payable functions). */
  readonly value?: bigint | undefined
  /** The chain the wallet must be on (eip155 chain id or CAIP-2 id). */
  readonly chainId?: number | string | undefined
}

export type WriteContractReturnType = Hash

export type WriteContractErrorType = SendTransactionErrorType | InvalidContractCallError

/** A contract call sent through the connected wallet: the calldata is encoded from the ABI, then sent. */
export const writeContract = Effect.fn("AppKit.writeContract")(function* (parameters: {
  readonly address: string
  readonly abi: Abi | ReadonlyArray<unknown>
  readonly functionName: string
  readonly args?: ReadonlyArray<unknown> | undefined
  readonly value?: bigint | undefined
  readonly chainId?: number | string | undefined
}): Effect.fn.Return<Hash, WriteContractErrorType, Network | Connection | Connectors> {
  const { encodeContractCall } = yield* Effect.promise(() => import("../../chains/evm/encodeContractCall"))
  const data = yield* Effect.fromResult(encodeContractCall(parameters))
  return yield* sendTransaction({
    to: parameters.address,
    data,
    value: parameters.value,
    chainId: parameters.chainId,
  })
})
