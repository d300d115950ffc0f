import type { Command } from "commander"
import { withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli receive`: the account's address to receive on, with a QR code a phone wallet can scan. */
export const register = (program: Command): void => {
  withLocalSignerOptions(
    program
      .command("receive")
      .description("Show the address to receive on and its QR code (the signer's, or the connected wallet's)")
      .option("--address <address>", "show this address instead of the signer's")
      .option("--json", "print {address, chainId, caipAddress} instead of the QR code"),
  ).action(lazyAction(async () => (await import("../actions/receive")).receiveAction))
}
