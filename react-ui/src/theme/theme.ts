import { FONT_FAMILY, Timings } from "@appkit/core"
import { Duration } from "effect"
import type { CSSProperties } from "react"

/** Light or dark; without one, the skin follows the system's `prefers-color-scheme`. */
export type ThemeMode = "light" | "dark"

/** The variables a dApp may set (AppKit's `themeVariables`, with our `--appkit-` prefix). */
export interface ThemeVariables {
  /** Buttons, links, focus rings and the selected tab. */
  readonly "--appkit-accent"?: string
  /** Text on the accent colour (keep it legible on your accent). */
  readonly "--appkit-accent-foreground"?: string
  /** A colour mixed into every surface, by `--appkit-color-mix-strength` percent. */
  readonly "--appkit-color-mix"?: string
  readonly "--appkit-color-mix-strength"?: string
  readonly "--appkit-font-family"?: string
  readonly "--appkit-font-size-master"?: string
  readonly "--appkit-border-radius-master"?: string
  readonly "--appkit-z-index"?: string
}

export interface ThemeOptions {
  readonly themeMode?: ThemeMode | undefined
  readonly themeVariables?: ThemeVariables | undefined
}

/** Attributes every skin root carries: its mode (absent: the system's) and the dApp's variables. */
export const themeAttributes = (theme: ThemeOptions) => ({
  "data-appkit-theme": theme.themeMode,
  style: theme.themeVariables as CSSProperties | undefined,
})

const ms = (duration: Duration.Duration) => `${Duration.toMillis(duration)}ms`

/**
 * Inter first (never fetched: a page that has it uses it), then the platform's own UI font. The §2 timings
 * come from the core's constants; `prefers-reduced-motion` turns every animation off.
 */
const fontStack = `${FONT_FAMILY}, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`

const light = `
  --appkit-bg: #ffffff;
  --appkit-surface: #f4f5f7;
  --appkit-surface-strong: #e8eaee;
  --appkit-fg: #141518;
  --appkit-fg-muted: #5c6370;
  --appkit-border: #d9dce1;
  --appkit-error: #c0392b;
  --appkit-success: #1e7e34;
  --appkit-backdrop: rgba(20, 21, 24, 0.45);
  --appkit-accent-default: #2f5fe0;
  --appkit-accent-foreground-default: #ffffff;`

const dark = `
  --appkit-bg: #141518;
  --appkit-surface: #1e2026;
  --appkit-surface-strong: #2a2d35;
  --appkit-fg: #f3f4f6;
  --appkit-fg-muted: #a3a9b5;
  --appkit-border: #343842;
  --appkit-error: #ff8a80;
  --appkit-success: #6fdc8c;
  --appkit-backdrop: rgba(0, 0, 0, 0.6);
  --appkit-accent-default: #7aa2ff;
  --appkit-accent-foreground-default: #0b1020;`

/** The variables and the look every skin element shares (buttons included): loaded with the first paint. */
export const baseCss = `
.appkit-root {${light}
  --appkit-transition: ${ms(Timings.viewTransition)};
  --appkit-header-transition: ${ms(Timings.headerTextTransition)};
  --appkit-height-transition: ${ms(Timings.modalHeightTransition)};
  --appkit-shake: ${ms(Timings.shake)};
  --appkit-a: var(--appkit-accent, var(--appkit-accent-default));
  --appkit-a-fg: var(--appkit-accent-foreground, var(--appkit-accent-foreground-default));
  --appkit-radius: var(--appkit-border-radius-master, 4px);
  font-family: var(--appkit-font-family, ${fontStack});
  font-size: var(--appkit-font-size-master, 16px);
  color: var(--appkit-fg);
  line-height: 1.4;
}
.appkit-root[data-appkit-theme="dark"] {${dark}
}
@media (prefers-color-scheme: dark) {
  .appkit-root:not([data-appkit-theme]) {${dark}
  }
}
.appkit-root *, .appkit-root *::before, .appkit-root *::after { box-sizing: border-box; }
.appkit-root :focus-visible { outline: 2px solid var(--appkit-a); outline-offset: 2px; }
.appkit-button {
  display: inline-flex; align-items: center; gap: 8px; min-height: 40px; padding: 0 16px;
  border: 1px solid transparent; border-radius: calc(var(--appkit-radius) * 4);
  background: var(--appkit-a); color: var(--appkit-a-fg); font: inherit; font-weight: 600; font-size: 0.9375em;
  cursor: pointer; transition: filter var(--appkit-transition), background var(--appkit-transition);
}
.appkit-button:hover:not(:disabled) { filter: brightness(1.08); }
.appkit-button:disabled { cursor: not-allowed; opacity: 0.6; }
.appkit-form > .appkit-button { justify-content: center; }
.appkit-button[data-variant="secondary"] {
  background: var(--appkit-surface); color: var(--appkit-fg); border-color: var(--appkit-border);
}
.appkit-avatar { width: 24px; height: 24px; border-radius: 50%; flex: none; object-fit: cover; }
.appkit-image-placeholder {
  display: inline-flex; align-items: center; justify-content: center; flex: none;
  background: var(--appkit-surface-strong); color: var(--appkit-fg-muted); font-weight: 600;
}
.appkit-image-placeholder::before { content: attr(data-initial); }
@media (prefers-reduced-motion: reduce) {
  .appkit-root, .appkit-root * { animation: none !important; transition: none !important; }
}
`
