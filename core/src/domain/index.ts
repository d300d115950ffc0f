export { ChainNamespace, chainNamespaces, isChainNamespace } from "./namespace"
