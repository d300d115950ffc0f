import type { EvmClient } from "@appkit/core/evm"
import type { Address, TransactionReceipt } from "viem"
import { getCode } from "viem/actions"
import { checksummed } from "../jsonView"
import { CliError } from "../output"

/** Who a send names: the account the value left, and the one that submitted the transaction and paid its fee. */
export interface SendParties {
  readonly from: Address
  readonly submittedBy: Address
}

/**
 * `from` and `submittedBy` of `send --json`. An ordinary account submits its own transaction: both are the
 * receipt's `from`, even when the wallet picked another account than the session's (the chain's word wins).
 * A smart account's transaction is submitted by a sponsor or a bundler, whose address is the receipt's `from`:
 * when the session's account is not that submitter and has code on the chain, the value left it, so it is `from`.
 */
export const sendParties = async (
  client: EvmClient,
  receipt: Pick<TransactionReceipt, "from" | "blockNumber">,
  account: Address,
): Promise<SendParties> => {
  const submittedBy = checksummed(receipt.from)
  if (receipt.from.toLowerCase() === account.toLowerCase()) return { from: submittedBy, submittedBy }
  const code = await getCode(client, { address: account, blockNumber: receipt.blockNumber }).catch(
    (error: unknown) => {
      throw new CliError(
        `Cannot read ${account}'s code from the node: ${(error as Error).message.split("\n")[0]}`,
        {
          code: "NodeUnreachable",
        },
      )
    },
  )
  const isContract = code !== undefined && code !== "0x"
  return { from: isContract ? checksummed(account) : submittedBy, submittedBy }
}
