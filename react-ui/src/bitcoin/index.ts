export { BitcoinWalletSelector } from "./BitcoinWalletSelector"
export {
  BitcoinWalletSelectorElement,
  defineBitcoinWalletSelector,
  loadBitcoinWalletSelector,
} from "./selectorElement"
