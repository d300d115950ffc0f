/** The modal's look (loaded with the modal chunk). Timings are the variables baseCss sets from core's constants. */
export const modalCss = `
.appkit-modal {
  padding: 0; border: none; background: transparent; color: var(--appkit-fg);
  max-width: 100vw; max-height: 100vh; overflow: visible;
  z-index: var(--appkit-z-index, 999);
}
.appkit-modal::backdrop { background: var(--appkit-backdrop); backdrop-filter: blur(4px); }
.appkit-modal[open] .appkit-card { animation: appkit-in var(--appkit-transition) ease-out; }
.appkit-card {
  width: 360px; max-width: calc(100vw - 32px); border-radius: calc(var(--appkit-radius) * 8);
  background: var(--appkit-bg); border: 1px solid var(--appkit-border);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.2); overflow: hidden; position: relative;
}
.appkit-card[data-shake="true"] { animation: appkit-shake var(--appkit-shake) ease-in-out; }
.appkit-header {
  display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; gap: 4px; padding: 12px 12px 4px;
}
.appkit-header h2 {
  margin: 0; text-align: center; font-size: 1em; font-weight: 600;
  animation: appkit-fade var(--appkit-header-transition) ease-out;
}
.appkit-icon-button {
  width: 40px; height: 40px; border-radius: 50%; border: none; background: transparent; color: var(--appkit-fg);
  font: inherit; font-size: 1.25em; cursor: pointer; display: inline-flex; align-items: center; justify-content: center;
}
.appkit-icon-button:hover:not(:disabled) { background: var(--appkit-surface); }
.appkit-icon-button:disabled { opacity: 0.4; cursor: not-allowed; }
.appkit-sizer { overflow: hidden; transition: height var(--appkit-height-transition) ease-out; }
.appkit-body { padding: 8px 16px 16px; animation: appkit-fade var(--appkit-transition) ease-out; }
.appkit-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.appkit-row {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; min-height: 56px;
  border: 1px solid transparent; border-radius: calc(var(--appkit-radius) * 4); background: var(--appkit-surface);
  color: var(--appkit-fg); font: inherit; text-align: left; cursor: pointer; text-decoration: none;
}
.appkit-row:hover:not(:disabled) { background: var(--appkit-surface-strong); }
.appkit-row:disabled { cursor: not-allowed; opacity: 0.6; }
.appkit-row[aria-current="true"] { border-color: var(--appkit-a); }
.appkit-row-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.appkit-row-main > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.appkit-tag {
  font-size: 0.75em; padding: 2px 8px; border-radius: 999px; background: var(--appkit-bg);
  color: var(--appkit-fg-muted); border: 1px solid var(--appkit-border); white-space: nowrap;
}
.appkit-muted { color: var(--appkit-fg-muted); font-size: 0.875em; }
.appkit-error { color: var(--appkit-error); font-size: 0.875em; }
.appkit-success { color: var(--appkit-success); }
.appkit-center { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; padding: 8px 0; }
.appkit-center h3 { margin: 0; font-size: 1.0625em; }
.appkit-center p { margin: 0; }
.appkit-actions { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }
.appkit-actions > .appkit-button { flex: 1; justify-content: center; }
.appkit-field { display: flex; flex-direction: column; gap: 4px; font-size: 0.875em; }
.appkit-input {
  width: 100%; min-height: 44px; padding: 0 12px; border-radius: calc(var(--appkit-radius) * 3);
  border: 1px solid var(--appkit-border); background: var(--appkit-surface); color: var(--appkit-fg); font: inherit;
}
.appkit-form { display: flex; flex-direction: column; gap: 12px; }
.appkit-spinner {
  width: 24px; height: 24px; border-radius: 50%; border: 3px solid var(--appkit-surface-strong);
  border-top-color: var(--appkit-a); animation: appkit-spin 0.8s linear infinite;
}
.appkit-tabs { display: flex; gap: 4px; padding: 4px; border-radius: 999px; background: var(--appkit-surface); margin: 12px 0; }
.appkit-tabs [role="tab"] {
  flex: 1; min-height: 36px; border: none; border-radius: 999px; background: transparent; color: var(--appkit-fg-muted);
  font: inherit; font-weight: 600; font-size: 0.875em; cursor: pointer;
}
.appkit-tabs [role="tab"][aria-selected="true"] { background: var(--appkit-bg); color: var(--appkit-fg); }
.appkit-scroll { max-height: 320px; overflow-y: auto; }
.appkit-grid-scroll { height: 360px; overflow-y: auto; position: relative; margin-top: 12px; }
.appkit-wallet-grid { list-style: none; margin: 0; padding: 0; position: relative; }
.appkit-wallet-tile { position: absolute; width: 25%; height: 96px; padding: 2px; }
.appkit-wallet-tile-button {
  width: 100%; height: 100%; padding: 6px 2px; display: flex; flex-direction: column; align-items: center; gap: 6px;
  border: none; background: transparent; color: var(--appkit-fg); font: inherit; font-size: 0.75em; cursor: pointer;
  border-radius: calc(var(--appkit-radius) * 3);
}
.appkit-wallet-tile-button:hover:not(:disabled) { background: var(--appkit-surface); }
.appkit-wallet-tile-button:disabled { cursor: not-allowed; opacity: 0.6; }
.appkit-wallet-tile-button > span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.appkit-qr { background: #ffffff; padding: 12px; border-radius: calc(var(--appkit-radius) * 4); line-height: 0; }
.appkit-toast {
  position: absolute; left: 50%; top: 12px; transform: translateX(-50%); z-index: 2; max-width: calc(100% - 24px);
  display: flex; align-items: center; gap: 8px; padding: 8px 14px; border-radius: 999px;
  background: var(--appkit-fg); color: var(--appkit-bg); font-size: 0.875em; font-weight: 600;
  animation: appkit-fade var(--appkit-transition) ease-out;
}
.appkit-alert {
  margin: 0 16px 8px; padding: 10px 12px; border-radius: calc(var(--appkit-radius) * 3);
  border: 1px solid var(--appkit-error); color: var(--appkit-fg); font-size: 0.875em;
}
.appkit-alert strong { color: var(--appkit-error); }
.appkit-balance { font-size: 1.75em; font-weight: 700; margin: 0; }
.appkit-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes appkit-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
@keyframes appkit-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes appkit-spin { to { transform: rotate(360deg); } }
@keyframes appkit-shake {
  10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); }
}
/* Phones: a bottom sheet. */
@media (max-width: 430px) {
  .appkit-modal { margin: auto 0 0; width: 100vw; }
  .appkit-card { width: 100vw; max-width: 100vw; border-radius: calc(var(--appkit-radius) * 8) calc(var(--appkit-radius) * 8) 0 0; border-bottom: none; }
  @keyframes appkit-in { from { transform: translateY(100%); } to { transform: none; } }
}
`
