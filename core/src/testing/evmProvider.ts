import type { RpcRequest } from "../connectors/Connector"

/**
 * An in-process EIP-1193 provider for unit tests: each method answers from a table (a value, or a function of
 * the params; a thrown object becomes the wallet's error) and every request is recorded in `seen`.
 */
export const scriptedProvider = (answers: Record<string, unknown | ((params: unknown) => unknown)>) => {
  const seen: Array<RpcRequest> = []
  return {
    seen,
    request: async (request: RpcRequest): Promise<never> => {
      seen.push(request)
      if (!(request.method in answers)) throw { code: 4200, message: `${request.method} not scripted` }
      const answer = answers[request.method]
      return (typeof answer === "function" ? answer(request.params) : answer) as never
    },
  }
}
