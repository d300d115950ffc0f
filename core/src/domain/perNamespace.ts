import { Schema } from "effect"
import { type ChainNamespace, chainNamespaces } from "./namespace"

type PerNamespaceFields<S extends Schema.Top> = { readonly [N in ChainNamespace]: Schema.optionalKey<S> }

/**
 * A struct with one optional entry per chain namespace. Several §3 values are kept per namespace
 * (active network, connector ids, connections); a Record keyed by string would accept unknown namespaces.
 * Entries of a namespace this version does not know (e.g. written by a newer one) are dropped on decode.
 */
export const perNamespace = <S extends Schema.Top>(value: S): Schema.Struct<PerNamespaceFields<S>> =>
  Schema.Struct(
    Object.fromEntries(
      chainNamespaces.map((namespace) => [namespace, Schema.optionalKey(value)]),
    ) as PerNamespaceFields<S>,
  )
