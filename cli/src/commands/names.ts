import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { withLocalSignerOptions } from "../evmOptions"
import { lazyAction } from "../lazy"

/** `appkit-cli names resolve|reverse|suggest`: Reown names (.reown.id) through the Blockchain API. */
export const register = (program: Command): void => {
  const names = program
    .command("names")
    .description("Reown names: resolve, reverse lookup, suggestions, register")
  withApiOptions(
    names.command("resolve <name>").description("Addresses and profile of a name, e.g. alice.reown.id"),
  ).action(lazyAction(async () => (await import("../actions/names")).resolveAction))
  withApiOptions(names.command("reverse <address>").description("Names that point at an address")).action(
    lazyAction(async () => (await import("../actions/names")).reverseAction),
  )
  withApiOptions(
    names.command("suggest <name>").description("Available names close to the one given"),
  ).action(lazyAction(async () => (await import("../actions/names")).suggestAction))
  withApiOptions(
    withLocalSignerOptions(
      names
        .command("register <name>")
        .description("Register NAME.reown.id for the signer's account: it signs the request (EIP-191)")
        .option(
          "--chain <chain>",
          "the eip155 chain the name's coin type comes from (default: the wallet's, else 1)",
        ),
    ),
    "with a connected wallet also the relay check and the signature, which default to 5 min",
  ).action(lazyAction(async () => (await import("../actions/nameRegister")).registerAction))
}
