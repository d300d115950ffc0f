// The floor for a browser Solana transfer: @solana/kit building, compiling and encoding one SOL transfer
// (what any adapter needs at least), measured by solana-size.bench.ts.
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"

export const transfer = (from: string, to: string, lamports: bigint, blockhash: string) =>
  getBase64EncodedWireTransaction(
    compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(address(from), m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: createNoopSigner(address(from)),
              destination: address(to),
              amount: lamports,
            }),
            m,
          ),
      ),
    ),
  )
