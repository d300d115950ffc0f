import { selectorLayout } from "@appkit/core/bitcoin"

/**
 * The selector's look. Layout limits that depend on the container (side panel, card width and height) are
 * not here: the element applies core's `cardLimits` to the card, so the 400 px rule lives in one place.
 */
const { cardRadius, iconSize, gridColumnMinWidth, openSeconds, closeSeconds } = selectorLayout

export const selectorStyles = `
:host { all: initial; position: fixed; inset: 0; z-index: ${selectorLayout.zIndex}; display: none; }
:host([data-rendered]) { display: block; }
* { box-sizing: border-box; margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.root { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 16px; }
.backdrop { position: absolute; inset: 0; background: #ffffff80; backdrop-filter: blur(10px); }
.card { position: relative; width: 100%; display: flex; flex-direction: column; overflow: hidden;
  background: #fff; color: #181818; border-radius: ${cardRadius}px; box-shadow: 0 8px 64px rgba(0, 0, 0, 0.25); }
.card[data-state="in"] { animation: selector-in ${openSeconds}s cubic-bezier(.05, .7, .1, 1) forwards; }
.card[data-state="out"] { animation: selector-out ${closeSeconds}s cubic-bezier(.3, 0, .8, .15) forwards; }
@keyframes selector-in { from { opacity: 0; transform: translateY(40px); } to { opacity: 1; transform: none; } }
@keyframes selector-out { from { opacity: 1; transform: none; } to { opacity: 0; transform: translateY(40px); } }
.columns { display: flex; flex: 1; min-height: 0; }
.main { flex: 5; display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.heading { padding: 24px 24px 16px; font-size: 20px; font-weight: 700; }
.subtext { padding: 0 24px 30px; font-size: 14px; line-height: 1.4; color: #5c5c5c; }
.wallets { flex: 1; overflow: auto; display: grid; align-content: start; gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(${gridColumnMinWidth}px, 1fr)); padding: 0 24px 40px; }
.wallet { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 12px 4px; border: 0;
  border-radius: 12px; background: none; cursor: pointer; font-size: 13px; color: inherit; }
.wallet:hover, .wallet:focus-visible { background: #f2f2f2; outline: none; }
.wallet img { width: ${iconSize}px; height: ${iconSize}px; border-radius: 12px; }
.divider { width: 1px; background: #e6e6e6; }
.side { flex: 4; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px;
  padding: 24px; text-align: center; background: #fafafa; }
.side h2 { font-size: 18px; font-weight: 700; }
.side p { font-size: 14px; line-height: 1.4; color: #5c5c5c; }
.side img { width: ${iconSize}px; height: ${iconSize}px; border-radius: 12px; }
.get { padding: 10px 28px; border: 0; border-radius: 999px; background: #181818; color: #fff; font-size: 14px; cursor: pointer; }
.spinner { width: 32px; height: 32px; border-radius: 50%; border: 3px solid #e6e6e6; border-top-color: #181818;
  animation: spin 0.8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.close { position: absolute; top: 16px; right: 16px; width: 32px; height: 32px; border: 0; border-radius: 50%;
  background: #f2f2f2; cursor: pointer; font-size: 18px; line-height: 32px; color: #181818; }
`
