import { Effect, Layer } from "effect"
import { registerAnnouncedWallets } from "../connectors/injected/eip6963Discovery"
import { Connectors } from "../state/Connectors"
import type { AppKitOptions } from "../state/Options"
import { pageWindow } from "./pageWindow"

/**
 * EIP-6963 discovery (on unless `enableEIP6963: false`): every browser wallet announced on the page, before
 * createAppKit or later, becomes an injected connector for the life of the instance, so the app registers
 * none itself. Without a page (Node, unless `target` is given) nothing is discovered.
 */
export const injectedWalletsLayer = (
  options: AppKitOptions,
  target: EventTarget | undefined = pageWindow(),
): Layer.Layer<never, never, Connectors> => {
  if (options.enableEIP6963 === false || target === undefined) return Layer.empty
  return Layer.effectDiscard(
    Effect.flatMap(Connectors, (connectors) => registerAnnouncedWallets(target, connectors.register)),
  )
}
