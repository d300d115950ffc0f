import { base64 } from "@scure/base"

/** An amino StdSignDoc, as cosmjs types it: numbers as decimal strings, messages as `{ type, value }`. */
export interface AminoSignDoc {
  readonly chain_id: string
  readonly account_number: string
  readonly sequence: string
  readonly fee: {
    readonly amount: ReadonlyArray<{ readonly denom: string; readonly amount: string }>
    readonly gas: string
  }
  readonly msgs: ReadonlyArray<{ readonly type: string; readonly value: unknown }>
  readonly memo: string
}

/**
 * The ADR-036 document for signing arbitrary data off chain: one `sign/MsgSignData` message naming the
 * signer and the data (base64), with empty chain id and memo, zero account number and sequence and no fee,
 * so it can never be a valid transaction. Strings are taken as UTF-8.
 */
export const makeAdr036SignDoc = (signer: string, data: string | Uint8Array): AminoSignDoc => ({
  chain_id: "",
  account_number: "0",
  sequence: "0",
  fee: { gas: "0", amount: [] },
  msgs: [
    {
      type: "sign/MsgSignData",
      value: {
        signer,
        data: base64.encode(typeof data === "string" ? new TextEncoder().encode(data) : data),
      },
    },
  ],
  memo: "",
})
