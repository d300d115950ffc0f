import { Schema } from "effect"
import { CaipNetworkId } from "./caip"
import { IsoDateTime } from "./primitives"

/**
 * §3 Sign-in message fields (CAIP-122 / EIP-4361). The siwx/ folder builds the text from these and
 * parses it back; here only the shape and the precise field types live.
 */
export const SiwxMessageData = Schema.Struct({
  /** Whose sign-in this is; the message's address line and chain id come from it. */
  accountAddress: Schema.NonEmptyString,
  chainId: CaipNetworkId,
  domain: Schema.NonEmptyString,
  uri: Schema.NonEmptyString,
  version: Schema.Literal("1"),
  /** EIP-4361: at least 8 alphanumeric characters. */
  nonce: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{8,}$/, { expected: "at least 8 alphanumerics" })),
  statement: Schema.optionalKey(Schema.String),
  issuedAt: IsoDateTime,
  expirationTime: Schema.optionalKey(IsoDateTime),
  notBefore: Schema.optionalKey(IsoDateTime),
  requestId: Schema.optionalKey(Schema.String),
  resources: Schema.optionalKey(Schema.Array(Schema.String)),
})
export type SiwxMessageData = typeof SiwxMessageData.Type

/** A CACAO (CAIP-74) object: header, payload and signature, as WalletConnect one-click auth returns it. */
export const Cacao = Schema.Struct({
  h: Schema.Struct({ t: Schema.Literals(["caip122", "eip4361"]) }),
  p: Schema.Struct({
    domain: Schema.String,
    aud: Schema.String,
    nonce: Schema.String,
    iss: Schema.String,
    version: Schema.optionalKey(Schema.String),
    iat: Schema.optionalKey(Schema.String),
    nbf: Schema.optionalKey(Schema.String),
    exp: Schema.optionalKey(Schema.String),
    statement: Schema.optionalKey(Schema.String),
    requestId: Schema.optionalKey(Schema.String),
    resources: Schema.optionalKey(Schema.Array(Schema.String)),
  }),
  s: Schema.Struct({ t: Schema.String, s: Schema.String, m: Schema.optionalKey(Schema.String) }),
})
export type Cacao = typeof Cacao.Type

/** §3 Sign-in session: the message data, its text, the wallet's signature and, via WalletConnect, a CACAO. */
export const SiwxSession = Schema.Struct({
  data: SiwxMessageData,
  message: Schema.NonEmptyString,
  signature: Schema.NonEmptyString,
  cacao: Schema.optionalKey(Cacao),
})
export type SiwxSession = typeof SiwxSession.Type
