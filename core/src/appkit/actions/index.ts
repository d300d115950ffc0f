// The facade's actions and start-up, fetched as one chunk on the first call of any of them: one lazy boundary
// rather than one per action (every boundary splits the modules it shares with the entry into chunks of their own).

export { checkProject } from "../../state/projectCheck"
export { startUp } from "../startUp"
export { getBalance } from "./getBalance"
export { prepareOnramp } from "./onramp"
export { sendTransaction } from "./sendTransaction"
export { signMessage } from "./signMessage"
export { refreshNodeBalance, submitSend } from "./submitSend"
export { executeSwap, quoteSwap } from "./swap"
export { writeContract } from "./writeContract"
