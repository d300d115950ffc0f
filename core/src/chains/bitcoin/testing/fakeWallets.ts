import type { BitcoinAddressEntry } from "../../../domain/bitcoin"
import type { BitcoinConnectorError } from "../connectors/BitcoinConnector"

/** Test support only (not exported): wallet doubles that record exactly what they were asked. */
export interface Recorded {
  readonly method: string
  readonly args: ReadonlyArray<unknown>
}

export const recorder = () => {
  const calls: Array<Recorded> = []
  const record = (method: string, ...args: ReadonlyArray<unknown>) => void calls.push({ method, args })
  /** Records the call, then gives `result`. */
  const answer = <A>(result: A, method: string, ...args: ReadonlyArray<unknown>): A => {
    record(method, ...args)
    return result
  }
  return { calls, record, answer }
}

export const paymentEntry: BitcoinAddressEntry = {
  address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  purpose: "payment",
  publicKey: "02d2f0f9c8d1d1b79a8b5b0b6d7e5a6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a",
  addressType: "p2wpkh",
  walletType: "software",
}

export const ordinalsEntry: BitcoinAddressEntry = {
  address: "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
  purpose: "ordinals",
  publicKey: "cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115",
  addressType: "p2tr",
  walletType: "software",
}

/** A base64 PSBT (BIP-174 valid #21: one P2PKH input, two outputs). */
export const samplePsbt =
  "cHNidP8BAHUCAAAAASaBcTce3/KF6Tet7qSze3gADAVmy7OtZGQXE8pCFxv2AAAAAAD+////AtPf9QUAAAAAGXapFNDFmQPFusKGh2DpD9UhpGZap2UgiKwA4fUFAAAAABepFDVF5uM7gyxHBQ8k0+65PJwDlIvHh7MuEwAAAQD9pQEBAAAAAAECiaPHHqtNIOA3G7ukzGmPopXJRjr6Ljl/hTPMti+VZ+UBAAAAFxYAFL4Y0VKpsBIDna89p95PUzSe7LmF/////4b4qkOnHf8USIk6UwpyN+9rRgi7st0tAXHmOuxqSJC0AQAAABcWABT+Pp7xp0XpdNkCxDVZQ6vLNL1TU/////8CAMLrCwAAAAAZdqkUhc/xCX/Z4Ai7NK9wnGIZeziXikiIrHL++E4sAAAAF6kUM5cluiHv1irHU6m80GfWx6ajnQWHAkcwRAIgJxK+IuAnDzlPVoMR3HyppolwuAJf3TskAinwf4pfOiQCIAGLONfc0xTnNMkna9b7QPZzMlvEuqFEyADS8vAtsnZcASED0uFWdJQbrUqZY3LLh+GFbTZSYG2YVi/jnF6efkE/IQUCSDBFAiEA0SuFLYXc2WHS9fSrZgZU327tzHlMDDPOXMMJ/7X85Y0CIGczio4OFyXBl/saiK9Z9R5E5CVbIBZ8hoQDHAXR8lkqASECI7cr7vCWXRC+B3jv7NYfysb3mk6haTkzgHNEZPhPKrMAAAAAAAAA"

/** A sats-connect request-API provider answering with `answer`, recording every request. */
export const fakeRequestApi = (answer: (method: string, params: unknown) => unknown) => {
  const { calls, record } = recorder()
  const listeners = new Map<string, (event: unknown) => void>()
  const provider = {
    request: async (method: string, params?: unknown) => {
      record(method, params)
      return answer(method, params)
    },
    addListener: ({ eventName, cb }: { eventName: string; cb: (event: unknown) => void }) => {
      listeners.set(eventName, cb)
      return () => listeners.delete(eventName)
    },
  }
  return { provider, calls, emit: (eventName: string, event: unknown) => listeners.get(eventName)?.(event) }
}

export const success = (result: unknown) => ({ jsonrpc: "2.0", id: "1", result })
export const failure = (code: number, message: string) => ({
  jsonrpc: "2.0",
  id: "1",
  error: { code, message },
})

/**
 * Awaits a promise that must reject, or runs a function that must throw (or return such a promise), and
 * gives the error (a connector's typed error).
 */
export const failureOf = async <E = BitcoinConnectorError>(
  run: Promise<unknown> | (() => unknown),
): Promise<E> => {
  try {
    await (typeof run === "function" ? run() : run)
  } catch (error) {
    return error as E
  }
  throw new Error("expected a failure, got a success")
}

/** What `run` throws, or undefined when it returns. */
export const thrownBy = (run: () => unknown): unknown => {
  try {
    run()
    return undefined
  } catch (error) {
    return error
  }
}

/** The head of a failure's message, before the first colon ("The wallet's reply to signPsbt is malformed"). */
export const failureHeadOf = async (promise: Promise<unknown>): Promise<string> =>
  (await failureOf(promise)).message.split(":")[0] ?? ""
