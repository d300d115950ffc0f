import type SignClient from "@walletconnect/sign-client"
import { Duration, Effect } from "effect"
import type { Storage } from "../../storage/Storage"
import { WalletConnectError } from "./errors"
import { keyValueStorageFrom } from "./keyValueStorage"

export const unavailable = (cause: unknown) =>
  new WalletConnectError({
    reason: "unavailable",
    detail: cause instanceof Error ? cause.message : String(cause),
  })

/**
 * sign-client keeps retrying a relay it cannot reach; a pairing or a request fails after this instead of
 * waiting on a dead socket.
 */
export const relayTimeout = Duration.seconds(15)

export const withinRelayTimeout = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.timeoutOrElse(effect, {
    duration: relayTimeout,
    orElse: () =>
      Effect.fail(unavailable(`the relay did not answer within ${Duration.format(relayTimeout)}`)),
  })

export interface SignClientSetup {
  readonly projectId: string
  readonly relayUrl?: string | undefined
  readonly storagePrefix: string
  readonly metadata: {
    readonly name: string
    readonly description: string
    readonly url: string
    readonly icons: ReadonlyArray<string>
  }
}

/**
 * In a browser, sign-client attests every proposal and request with WalletConnect's Verify API (an iframe
 * on verify.walletconnect.org that may hold a pairing up to 5 s). A dApp on its own relay must not reach
 * WalletConnect's cloud: the attestation is left empty, as sign-client itself does when Verify fails, and
 * wallets see the dApp as unverified.
 */
const skipVerifyAttestation = (client: SignClient) => {
  client.core.verify.register = async () => ""
}

/**
 * sign-client, loaded (it is the heavy part) and started over the AppKit Storage, quiet and without
 * telemetry; with a self-hosted relay, without WalletConnect's Verify attestation.
 */
export const startSignClient = async (
  setup: SignClientSetup,
  storage: Storage["Service"],
): Promise<SignClient> => {
  const { SignClient } = await import("@walletconnect/sign-client")
  const client = await SignClient.init({
    projectId: setup.projectId,
    ...(setup.relayUrl === undefined ? {} : { relayUrl: setup.relayUrl }),
    customStoragePrefix: setup.storagePrefix,
    storage: keyValueStorageFrom(storage),
    metadata: { ...setup.metadata, icons: [...setup.metadata.icons] },
    telemetryEnabled: false,
    logger: "silent",
  })
  if (setup.relayUrl !== undefined) skipVerifyAttestation(client)
  return client
}

/**
 * Closes a started sign-client for good: its relay socket, its heartbeat (which would otherwise keep a CLI
 * process alive forever), and the process-global Core sign-client shares per storage prefix, which must not
 * be handed to the next connector closed (that one restores its session from Storage instead).
 */
export const closeSignClient = async (started: SignClient, storagePrefix: string): Promise<void> => {
  await started.core.relayer.transportClose().catch(() => undefined)
  started.core.heartbeat.stop()
  const globals = globalThis as Record<string, unknown>
  const key = `_walletConnectCore_${storagePrefix}`
  if (globals[key] === started.core) {
    delete globals[key]
    delete globals[`${key}_count`]
  }
}
