/** The 12 eip155 networks the swap (convert) endpoints serve; swaps and gas prices elsewhere are refused. */
export const swapNetworks: ReadonlyArray<string> = [
  "eip155:1", // Ethereum
  "eip155:42161", // Arbitrum One
  "eip155:10", // OP Mainnet
  "eip155:324", // zkSync Era
  "eip155:8453", // Base
  "eip155:56", // BNB Smart Chain
  "eip155:137", // Polygon
  "eip155:100", // Gnosis
  "eip155:43114", // Avalanche
  "eip155:250", // Fantom
  "eip155:8217", // Kaia (Klaytn)
  "eip155:1313161554", // Aurora
]

export const isSwapNetwork = (caipNetworkId: string): boolean => swapNetworks.includes(caipNetworkId)
