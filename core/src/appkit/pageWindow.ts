/** The page's window, where wallets announce or register themselves; undefined outside a browser. */
export const pageWindow = (): EventTarget | undefined => {
  const candidate = (globalThis as { readonly window?: unknown }).window
  return candidate instanceof EventTarget ? candidate : undefined
}
