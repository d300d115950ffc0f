import { Result } from "effect"
import { type Abi, BaseError, encodeFunctionData, type Hex } from "viem"
import { InvalidContractCallError } from "../../errors/parameters"

/** The calldata of a contract call from its ABI (viem's encoder); a call the ABI does not allow is a typed error. */
export const encodeContractCall = (call: {
  readonly abi: Abi | ReadonlyArray<unknown>
  readonly functionName: string
  readonly args?: ReadonlyArray<unknown> | undefined
}): Result.Result<Hex, InvalidContractCallError> => {
  try {
    return Result.succeed(
      encodeFunctionData({ abi: call.abi as Abi, functionName: call.functionName, args: call.args ?? [] }),
    )
  } catch (error) {
    const details = error instanceof BaseError ? error.shortMessage : String(error)
    return Result.fail(new InvalidContractCallError({ functionName: call.functionName, reason: details }))
  }
}
