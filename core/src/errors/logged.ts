/**
 * §8 "Logged only": the texts written to the log, word for word, where their events happen. They are never
 * shown to the user nor raised: the event's own error (if any) travels on as a typed value, and the log line
 * tells a developer reading the console which step went wrong.
 */
export const LoggedMessages = {
  /** A wallet failed or refused to sign a message (eip155). */
  signMessageFailed: "WagmiAdapter:signMessage - Sign message failed",
  /** The node could not estimate the gas of a transaction about to be sent. */
  gasEstimationFailed: "WagmiAdapter:estimateGas - error estimating gas",
  /** A wallet's wallet_getCapabilities reply is not capabilities by chain. */
  capabilitiesParseFailed: "Error parsing wallet capabilities",
  /** A namespace asked for its current network has none (the wallet picks the chain). */
  noCurrentNetwork: "No current network found for namespace",
  /** A namespace's connection names a connector that is not registered. */
  noConnector: "No connector found for namespace",
} as const
