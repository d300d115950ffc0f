import type { Command } from "commander"
import { withApiOptions } from "../api-options"
import { btcNetworkChoices } from "../btcNetwork"
import { lazyAction } from "../lazy"

/**
 * `appkit-cli btc balance|send|sign-message|verify-message|sign-psbt`: the Bitcoin layer from the command
 * line. Balances come from the mempool explorer (the fixture server's regtest ledger by default); the
 * signer is a key, the stored WalletConnect bip122 session, or the dev wallet (see btcWallet.ts).
 */

const withSigner = (command: Command) =>
  withApiOptions(
    command,
    "with a connected wallet also the relay check and each wallet request, which default to 5 min",
  )
    .option("--network <name>", btcNetworkChoices)
    .option(
      "--private-key <key>",
      "sign with this key, hex or WIF (default: APPKIT_BTC_PRIVATE_KEY, else the WalletConnect session, else the dev key)",
    )

export const register = (program: Command): void => {
  const btc = program.command("btc").description("Bitcoin: balances, transfers, message signatures and PSBTs")
  withApiOptions(
    btc
      .command("balance")
      .description("An address's balance from its UTXOs, exact in BTC")
      .argument("<ADDRESS>"),
  )
    .option("--network <name>", `${btcNetworkChoices} (default: from the address)`)
    .action(lazyAction(async () => (await import("../actions/btc")).balanceAction))
  withSigner(
    btc
      .command("send")
      .description("Send BTC to an address (default network: regtest, the local ledger)")
      .requiredOption("--to <address>", "the recipient")
      .requiredOption("--amount <btc>", "the amount in BTC, e.g. 0.0001"),
  ).action(lazyAction(async () => (await import("../actions/btc")).sendAction))
  withSigner(
    btc
      .command("sign-message")
      .description("Sign a message: BIP-322 (default) or legacy ECDSA")
      .argument("<MESSAGE>")
      .option("--address <address>", "the signing address (default: the payment address)")
      .option("--protocol <name>", "bip322 or ecdsa"),
  ).action(lazyAction(async () => (await import("../actions/btc")).signMessageAction))
  btc
    .command("verify-message")
    .description(
      "Verify a signed message (BIP-322 simple, full or proof of funds; legacy ECDSA); exit 0 valid, 1 invalid",
    )
    .requiredOption("--address <address>", "the address that signed")
    .option("--message <text>", "the message")
    .option(
      "--message-file <FILE>",
      "or: the file holding the message (every byte, a final line break included), - for stdin",
    )
    .requiredOption("--signature <base64>", "the signature (smp/ful/pof prefixes accepted)")
    .option("--json", "print the verdict as JSON")
    .action(lazyAction(async () => (await import("../actions/btc")).verifyMessageAction))
  withSigner(
    btc
      .command("sign-psbt")
      .description("Sign a PSBT's inputs with the wallet (default: every input it can sign)")
      .argument("<PSBT>", "base64 or hex, a file holding it (or a binary .psbt file), or - for stdin")
      .option("--input <address:indexes...>", "inputs to sign, e.g. bcrt1q...:0,2 (repeatable)")
      .option("--broadcast", "finalize and broadcast the transaction"),
  ).action(lazyAction(async () => (await import("../actions/btc")).signPsbtAction))
}
