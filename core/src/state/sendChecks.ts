import { validateAddress } from "../validation/address/validateAddress"
import type { AddressCheck } from "./Send"

/**
 * The send form's checks that need code an app without sends never downloads (every namespace's address rules
 * and hashing, exact unit arithmetic): state/Send loads them with the first validation.
 */

export const isSendAddress: AddressCheck = (address, namespace) =>
  validateAddress(address, { namespace }).valid

export { heldAmountProblem as sendAmountProblem } from "./heldAmount"
