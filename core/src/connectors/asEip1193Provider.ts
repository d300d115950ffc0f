import { Cause, Effect, Exit } from "effect"
import type { Connector } from "./Connector"
import type { Eip1193Provider } from "./injected/eip1193"

/**
 * A connector seen as an EIP-1193 provider, for libraries that take one (viem's `custom` transport). Its
 * requests still pass the connector's RPC policy; a refusal rejects with the connector's tagged error.
 */
export const asEip1193Provider = (connector: Connector): Pick<Eip1193Provider, "request"> => ({
  request: ({ method, params }) =>
    Effect.runPromiseExit(connector.request({ method, params })).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      throw Cause.squash(exit.cause)
    }),
})
