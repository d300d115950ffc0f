/** Who the WalletConnect connector is in the connector list, whether its code has loaded yet or not. */
export const walletConnectIdentity = {
  id: "walletConnect",
  name: "WalletConnect",
  type: "WALLET_CONNECT",
} as const
