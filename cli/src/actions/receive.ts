import type { LocalSignerOptions } from "../evmOptions"
import { readEvmAddress } from "../inputs"
import { printJson, printLine } from "../output"
import { qrFits, qrLines, tooSmall } from "../pairingView"

interface ReceiveOptions extends LocalSignerOptions {
  readonly address?: string | undefined
  readonly json?: boolean | undefined
}

/**
 * `appkit-cli receive`: --address, else the local signer's account (a connected keystore's as stored, never
 * opened: no password), else the account of the stored WalletConnect session (with its chain). The QR code
 * holds the bare address, as wallets' scanners expect; on a terminal too small for it the address alone is
 * shown, with the reason.
 */
export const receiveAction = async (options: ReceiveOptions): Promise<void> => {
  // (a session active on solana receives there: the address shown is that chain's)
  const { address, chainId } =
    options.address !== undefined
      ? { address: readEvmAddress(options.address, "--address"), chainId: undefined }
      : await (await import("../signer")).commandAccount(options, { anyNamespace: true })
  const caipAddress = chainId === undefined ? undefined : `${chainId}:${address}`
  if (options.json) {
    printJson({ address, chainId: chainId ?? null, caipAddress: caipAddress ?? null })
    return
  }
  const qr = qrLines(address)
  if (process.stdout.isTTY && !qrFits(qr, process.stdout, 3)) printLine(tooSmall)
  else for (const line of qr) printLine(line)
  printLine(address)
  if (caipAddress !== undefined) printLine(caipAddress)
}
