import { selectorTag } from "@appkit/core/bitcoin"
import { createElement, useEffect } from "react"
import { defineBitcoinWalletSelector } from "./selectorElement"

/** The Bitcoin wallet selector in a React tree: the custom element, defined on first mount. */
export function BitcoinWalletSelector() {
  useEffect(() => defineBitcoinWalletSelector(), [])
  return createElement(selectorTag)
}
