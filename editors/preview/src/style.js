// The page's style: VS Code's theme variables inside the webview, the browser's light or dark
// scheme (through the same names) on `rigls preview`'s page.

export const CSS = `
:root {
    color-scheme: light dark;
    --bg: var(--vscode-editor-background, Canvas);
    --fg: var(--vscode-editor-foreground, CanvasText);
    --bar: var(--vscode-sideBar-background, var(--bg));
    --border: var(--vscode-panel-border, color-mix(in srgb, var(--fg) 20%, transparent));
    --accent: var(--vscode-focusBorder, #e8912d);
    --input-bg: var(--vscode-input-background, var(--bg));
    --input-fg: var(--vscode-input-foreground, var(--fg));
    --button-bg: var(--vscode-button-background, #0e639c);
    --button-fg: var(--vscode-button-foreground, #fff);
    --warn-bg: var(--vscode-inputValidation-warningBackground, #5a4a00);
    --warn-border: var(--vscode-inputValidation-warningBorder, #b89500);
    --bone: var(--vscode-charts-blue, #3794ff);
    /* What is highlighted: orange in every theme, light, dark or high contrast, where the bones
       are blue and a theme's focus colour is often blue too. */
    --highlight: #e8912d;
    --font: var(--vscode-font-family, system-ui, sans-serif);
    --font-size: var(--vscode-font-size, 13px);
}
html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); font: var(--font-size) var(--font); }
#rigls-preview { display: flex; flex-direction: column; height: 100vh; }
#rigls-preview .bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px;
    background: var(--bar); border-bottom: 1px solid var(--border); }
/* A narrow panel wraps the bar: no control may be wider than it (a select is as wide as its
   longest option unless told otherwise). */
#rigls-preview .bar > * { min-width: 0; max-width: 100%; box-sizing: border-box; }
#rigls-preview select { text-overflow: ellipsis; }
#rigls-preview select, #rigls-preview button { background: var(--input-bg); color: var(--input-fg);
    border: 1px solid var(--border); border-radius: 2px; padding: 2px 4px; font: inherit; }
#rigls-preview button.play { background: var(--button-bg); color: var(--button-fg); min-width: 4.5em; }
#rigls-preview button:disabled { opacity: 0.5; }
#rigls-preview input[type=range] { flex: 1 1 120px; accent-color: var(--accent); }
#rigls-preview .time { font-variant-numeric: tabular-nums; min-width: 11em; }
#rigls-preview label { display: inline-flex; gap: 3px; align-items: center; }
#rigls-preview .banner { padding: 6px 10px; background: var(--warn-bg); border-bottom: 1px solid var(--warn-border);
    white-space: pre-wrap; }
#rigls-preview .stage { position: relative; flex: 1; min-height: 0; }
#rigls-preview canvas { position: absolute; inset: 0; width: 100%; height: 100%; cursor: grab; touch-action: none; }
#rigls-preview .status { padding: 2px 8px; opacity: 0.8; border-top: 1px solid var(--border); min-height: 1.4em; }
#rigls-preview .status .selection:not(:empty) { font-weight: 600; margin-right: 1em; }
`;
