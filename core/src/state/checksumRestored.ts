import { Effect, SubscriptionRef } from "effect"
import { addressOfAccount, type CaipAccountId, networkOfAccount } from "../domain/caip"
import { checksummed, singleCaseDigitsStart } from "../validation/address/evm"
import { withCaipAddress } from "./Account"
import { type ConnectionContext, save } from "./connectionContext"

/** The account id with its address EIP-55 checksummed when it is a single-case hex address. */
const checksummedAccount = (account: CaipAccountId): CaipAccountId => {
  const address = addressOfAccount(account)
  const start = singleCaseDigitsStart(address)
  return start < 0
    ? account
    : (`${networkOfAccount(account)}:${checksummed(address, start)}` as CaipAccountId)
}

/**
 * Older versions stored eip155 accounts as their wallet reported them, some in lower case: the restored
 * connection, its account in Account state and the stored copy get the EIP-55 spelling every live connect
 * gives (`parseWalletAccounts`), so one account looks and compares the same. Loaded (with the lazy flows)
 * after the page is idle, only when a restored account is in lower case: the checksum's code (keccak) is no
 * part of the first paint.
 * Each update maps whatever the state holds then, so a reconnect or an account change meanwhile is kept.
 */
export const checksumRestored = Effect.fn("Connection.checksumRestored")(function* (
  context: ConnectionContext,
) {
  const next = yield* SubscriptionRef.updateAndGet(context.state, (s) => {
    const eip155 = s.connections.eip155
    if (eip155 === undefined) return s
    const accounts = eip155.accounts.map(checksummedAccount)
    return accounts.every((account, i) => account === eip155.accounts[i])
      ? s
      : { ...s, connections: { ...s.connections, eip155: { ...eip155, accounts } } }
  })
  yield* save(context, next.connections)
  yield* SubscriptionRef.update(context.account.state, (s) => {
    const account = s.byNamespace.eip155
    if (account?.caipAddress === undefined) return s
    const caipAddress = checksummedAccount(account.caipAddress)
    return caipAddress === account.caipAddress
      ? s
      : { ...s, byNamespace: { ...s.byNamespace, eip155: withCaipAddress(account, caipAddress) } }
  })
})
