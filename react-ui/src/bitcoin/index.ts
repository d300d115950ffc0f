export { BitcoinWalletSelector } from "./BitcoinWalletSelector"
export type { BitcoinWalletSelectorElement } from "./selectorElement"
export { defineBitcoinWalletSelector, loadBitcoinWalletSelector } from "./selectorElement"
