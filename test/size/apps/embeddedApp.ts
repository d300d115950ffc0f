// A dApp that offers email and social login: the embedded wallet is loaded when the user picks it.
import { createAppKit } from "@appkit/core"

export const app = { createAppKit, loadEmbeddedWallet: () => import("@appkit/core/embedded") }
